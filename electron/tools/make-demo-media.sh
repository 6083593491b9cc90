#!/usr/bin/env bash
# Regenerates the demo marketplace's media (electron/main/demo/media/). The outputs are
# committed, so this only runs when the set changes. Needs ImageMagick 6 (`convert`) with
# the DejaVu fonts, and ffmpeg with libvpx-vp9 and libmp3lame. Keep the folder < 1.5 MB.
set -euo pipefail

out="$(cd "$(dirname "$0")/.." && pwd)/main/demo/media"
rm -rf "$out"
mkdir -p "$out/thumbs" "$out/previews" "$out/screens" "$out/video" "$out/audio" "$out/profile"

font=DejaVu-Sans-Bold
# Twelve palettes: every catalogue page mixes them, so it looks varied.
palettes=(
  '#1e3a8a #9333ea' '#0f766e #a3e635' '#9a3412 #fbbf24' '#831843 #f472b6'
  '#1e293b #38bdf8' '#14532d #86efac' '#7c2d12 #fb7185' '#312e81 #22d3ee'
  '#3f3f46 #facc15' '#134e4a #5eead4' '#4c1d95 #f0abfc' '#0c4a6e #fde68a'
)
labels=(Aurora Cascade Ember Bloom Midnight Grove Sunset Lagoon Volt Tide Nebula Dune)

shapes() {
  # Different geometry per index, scaled to the canvas.
  local i=$1 w=$2 h=$3
  case $((i % 4)) in
    0) echo "circle $((w * 3 / 4)),$((h / 3)) $((w * 3 / 4 + h / 4)),$((h / 3))" ;;
    1) echo "rectangle $((w / 2)),$((h / 6)) $((w - w / 10)),$((h / 2))" ;;
    2) echo "polygon $((w / 2)),$((h / 8)) $((w - w / 8)),$((h * 3 / 4)) $((w / 3)),$((h * 3 / 4))" ;;
    3) echo "roundrectangle $((w / 3)),$((h / 5)) $((w - w / 6)),$((h * 2 / 3)) 20,20" ;;
  esac
}

for i in "${!palettes[@]}"; do
  read -r from to <<<"${palettes[$i]}"
  label=${labels[$i]}
  convert -size 320x200 "gradient:$from-$to" -fill '#ffffff55' -draw "$(shapes "$i" 320 200)" \
    -fill white -font "$font" -pointsize 26 -gravity southwest -annotate +14+12 "$label" \
    -strip -quality 72 "$out/thumbs/$i.jpg"
  convert -size 800x450 "gradient:$to-$from" -fill '#ffffff44' -draw "$(shapes "$((i + 1))" 800 450)" \
    -fill '#00000033' -draw "$(shapes "$((i + 2))" 800 450)" \
    -fill white -font "$font" -pointsize 56 -gravity southwest -annotate +32+28 "$label" \
    -pointsize 22 -gravity northeast -annotate +28+24 'PREVIEW' \
    -strip -quality 70 "$out/previews/$i.jpg"
done

# Screenshots: mock application screens (sidebar, header, cards) in a few colour schemes.
for i in 0 1 2 3 4 5; do
  read -r from to <<<"${palettes[$((i * 2))]}"
  convert -size 800x500 xc:'#f8fafc' \
    -fill "$from" -draw 'rectangle 0,0 180,500' \
    -fill "$to" -draw 'rectangle 180,0 800,56' \
    -fill '#e2e8f0' -draw "rectangle 210,90 $((430 + i * 10)),250" -draw 'rectangle 460,90 770,250' \
    -draw 'rectangle 210,280 770,470' \
    -fill "$to" -draw "rectangle 230,$((420 - i * 20)) 270,450" -draw "rectangle 300,$((380 - i * 15)) 340,450" \
    -draw "rectangle 370,$((350 + i * 10)) 410,450" -draw "rectangle 440,$((300 + i * 12)) 480,450" \
    -fill white -font "$font" -pointsize 20 -gravity northwest -annotate +20+18 "Screen $((i + 1))" \
    -strip -quality 70 "$out/screens/$i.jpg"
done

convert -size 256x256 gradient:'#0f766e'-'#1e3a8a' -fill white -font "$font" -pointsize 110 \
  -gravity center -annotate +0+0 'LF' -strip -quality 80 "$out/profile/avatar.jpg"
convert -size 1200x300 gradient:'#312e81'-'#0f766e' -rotate 90 -resize 1200x300! \
  -fill '#ffffff22' -draw 'circle 1000,60 1150,60' -draw 'circle 200,280 320,280' \
  -fill white -font "$font" -pointsize 64 -gravity west -annotate +60+0 'Lumen Studio' \
  -strip -quality 72 "$out/profile/cover.jpg"
# The site's default images, served for accounts that set none (real-installs §30).
convert -size 256x256 xc:'#cbd5e1' -fill '#94a3b8' -draw 'circle 128,100 128,150' \
  -draw 'ellipse 128,250 90,70 180,360' -strip -quality 80 "$out/profile/default-avatar.jpg"
convert -size 1200x300 xc:'#e2e8f0' -strip -quality 80 "$out/profile/default-cover.jpg"

# Two short videos and two short audio clips (VP9 WebM and MP3: every Chromium plays them).
ffmpeg -loglevel error -y -f lavfi -i 'testsrc2=size=426x240:rate=15' -t 4 -an \
  -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 -deadline good "$out/video/0.webm"
ffmpeg -loglevel error -y -f lavfi -i 'mandelbrot=size=426x240:rate=15' -t 4 -an \
  -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 -deadline good "$out/video/1.webm"
ffmpeg -loglevel error -y -f lavfi -i 'sine=frequency=440:duration=5' -f lavfi -i 'sine=frequency=660:duration=5' \
  -filter_complex '[0][1]amix=inputs=2,volume=0.6,afade=t=out:st=4:d=1' -ac 1 -c:a libmp3lame -b:a 48k "$out/audio/0.mp3"
ffmpeg -loglevel error -y -f lavfi -i 'aevalsrc=0.4*sin(2*PI*(220+110*floor(mod(t*2\,4)))*t):d=5' \
  -af 'afade=t=out:st=4:d=1' -ac 1 -c:a libmp3lame -b:a 48k "$out/audio/1.mp3"

du -sh "$out"
