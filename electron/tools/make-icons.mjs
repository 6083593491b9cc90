#!/usr/bin/env node
// Every app icon comes from one drawing, build/icon.svg, so the sizes never drift apart.
// Needs ImageMagick's `convert`; png2icns (Debian: icnsutils) is optional: without it the
// .icns is left as it is and electron-builder can derive one from build/icon.png on macOS.
//   node electron/tools/make-icons.mjs
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const build = join(root, 'build')
const source = join(build, 'icon.svg')

/** Linux hicolor sizes (electron-builder reads build/icons/NxN.png). */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512]
/** Windows shell sizes; 256 is the largest an .ico holds. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
/** The sizes png2icns knows how to place. */
export const ICNS_SIZES = [16, 32, 48, 128, 256, 512, 1024]

// 8-bit RGBA (PNG32: ImageMagick would otherwise pick a palette for small sizes), no
// metadata: identical bytes on every run and a small commit.
const png = ['-depth', '8', '-strip', '-define', 'png:exclude-chunks=date,time']

function convert(args) {
  execFileSync('convert', args, { stdio: ['ignore', 'ignore', 'inherit'] })
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

function resized(master, size, out) {
  convert([master, '-filter', 'Lanczos', '-resize', `${size}x${size}`, ...png, `PNG32:${out}`])
}

function main() {
  if (!has('convert'))
    throw new Error(
      'ImageMagick is missing: apt-get install imagemagick (or brew install imagemagick).'
    )
  const master = join(build, 'icon.png')
  convert([
    '-background',
    'none',
    '-density',
    '72',
    source,
    '-resize',
    '1024x1024',
    ...png,
    `PNG32:${master}`
  ])

  mkdirSync(join(build, 'icons'), { recursive: true })
  for (const size of LINUX_SIZES) resized(master, size, join(build, 'icons', `${size}x${size}.png`))
  // The page's own icon (the browser host's tab, no favicon 404): Vite copies renderer/public.
  mkdirSync(join(root, 'renderer', 'public'), { recursive: true })
  resized(master, 64, join(root, 'renderer', 'public', 'favicon.png'))

  const scratch = mkdtempSync(join(tmpdir(), 'sd-icons-'))
  try {
    const icoParts = ICO_SIZES.map((size) => {
      const out = join(scratch, `ico-${size}.png`)
      resized(master, size, out)
      return out
    })
    convert([...icoParts, join(build, 'icon.ico')])

    if (has('png2icns')) {
      const icnsParts = ICNS_SIZES.map((size) => {
        const out = join(scratch, `icns-${size}.png`)
        if (size === 1024) convert([master, ...png, `PNG32:${out}`])
        else resized(master, size, out)
        return out
      })
      execFileSync('png2icns', [join(build, 'icon.icns'), ...icnsParts], {
        stdio: ['ignore', 'ignore', 'inherit']
      })
    } else {
      console.warn(
        'png2icns not found (Debian: apt-get install icnsutils): build/icon.icns left unchanged.'
      )
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  console.log(
    'Icons written to build/: icon.png, icons/, icon.ico' +
      (has('png2icns') ? ', icon.icns' : '') +
      '; and renderer/public/favicon.png'
  )
}

main()
