#!/usr/bin/env bash
# Runs a command with a real, private keychain: a fresh D-Bus session bus and an unlocked
# gnome-keyring with a throwaway password. Tests of the secret store use it for real.
# Where dbus-run-session or gnome-keyring is missing it runs the command as is, and the
# keychain tests say so (they fail when SELLER_DESK_REQUIRE_KEYCHAIN=1, as in CI).
set -euo pipefail

if [ "${SELLER_DESK_IN_KEYCHAIN_SESSION:-}" = "1" ]; then
  # Inside the private session: start the keyring, then the command.
  keyring_dir=$(mktemp -d)
  export XDG_DATA_HOME="$keyring_dir/data" XDG_RUNTIME_DIR="$keyring_dir/run"
  mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
  eval "$(printf 'seller-desk-test\n' | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL SELLER_DESK_KEYCHAIN=gnome-keyring
  status=0
  "$@" || status=$?
  # Never `kill 0`: that would end our whole process group. The daemon dies with the bus anyway.
  if [ -n "${GNOME_KEYRING_PID:-}" ]; then kill "$GNOME_KEYRING_PID" 2>/dev/null || true; fi
  rm -rf "$keyring_dir"
  exit $status
fi

if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  export SELLER_DESK_IN_KEYCHAIN_SESSION=1
  exec dbus-run-session -- bash "$0" "$@"
fi

echo "with-keychain: dbus-run-session or gnome-keyring-daemon not found; running without a keychain." >&2
exec "$@"
