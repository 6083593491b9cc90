import { useState } from 'react'
import { Maximize2 } from 'lucide-react'
import type { Item } from '../../../../shared/model'
import { getBridge } from '../../bridge'
import { useConnectionStatus } from '../../stores/connection-status'
import { ItemThumb } from './ItemThumb'
import { KeepOffline } from './KeepOffline'
import { MediaViewer } from './MediaViewer'
import styles from './ItemMedia.module.css'

/** Preview image first, then screenshots, without repeats. */
function galleryImages(item: Item): string[] {
  const list = [item.media.preview_image ?? item.media.thumbnail, ...item.media.screenshots].filter(
    (u): u is string => typeof u === 'string' && u.length > 0
  )
  return [...new Set(list)]
}

function Thumbnails({
  images,
  active,
  title,
  onPick
}: {
  images: string[]
  active: number
  title: string
  onPick(i: number): void
}): React.JSX.Element {
  return (
    <div className={styles.strip} role="group" aria-label="Images">
      {images.map((src, i) => (
        <button
          key={src}
          type="button"
          className={styles.stripButton}
          aria-pressed={i === active}
          aria-label={`${title}, image ${i + 1} of ${images.length}`}
          onClick={() => onPick(i)}
        >
          <img
            src={getBridge().mediaUrl(src)}
            alt=""
            loading="lazy"
            decoding="async"
            draggable={false}
          />
        </button>
      ))}
    </div>
  )
}

function Gallery({ item }: { item: Item }): React.JSX.Element {
  const images = galleryImages(item)
  const [active, setActive] = useState(0)
  const [viewer, setViewer] = useState<number | null>(null)
  const current = Math.min(active, Math.max(0, images.length - 1))
  if (images.length === 0) return <ItemThumb src={null} kind={item.kind} className={styles.frame} />
  return (
    <div className={styles.gallery}>
      <button
        type="button"
        className={styles.preview}
        onClick={() => setViewer(current)}
        aria-label={`Open image ${current + 1} of ${images.length} full size`}
      >
        <ItemThumb src={images[current]!} kind={item.kind} className={styles.frame} eager />
        <span className={styles.zoom} aria-hidden>
          <Maximize2 size={16} />
        </span>
      </button>
      {images.length > 1 && (
        <Thumbnails images={images} active={current} title={item.name} onPick={setActive} />
      )}
      {viewer !== null && (
        <MediaViewer
          images={images}
          index={viewer}
          title={item.name}
          onIndex={(i) => {
            setViewer(i)
            setActive(i)
          }}
          onClose={() => setViewer(null)}
        />
      )}
    </div>
  )
}

function MediaProblem({ what }: { what: string }): React.JSX.Element {
  const offline = useConnectionStatus((s) => s.status.state === 'offline')
  // Offline, the marketplace removed nothing: the file was simply not kept on this computer.
  return (
    <p className={styles.problem} role="status">
      {offline
        ? `The ${what} can’t play offline because no copy was kept: it plays again once the marketplace answers.`
        : `The ${what} could not be loaded: the marketplace may have removed it, so try Refresh.`}
    </p>
  )
}

function VideoPlayer({ item, src }: { item: Item; src: string }): React.JSX.Element {
  const [failed, setFailed] = useState(false)
  const poster = item.media.preview_image ?? item.media.thumbnail
  return (
    <div className={styles.gallery}>
      <div className={styles.videoFrame}>
        <video
          className={styles.video}
          controls
          preload="metadata"
          playsInline
          poster={poster ? getBridge().mediaUrl(poster) : undefined}
          src={getBridge().mediaUrl(src)}
          aria-label={`${item.name} preview video`}
          onError={() => setFailed(true)}
        />
      </div>
      {failed && <MediaProblem what="video" />}
      <KeepOffline url={src} what="video" playerSaidWhy={failed} />
      {item.media.screenshots.length > 0 && <ScreenshotStrip item={item} />}
    </div>
  )
}

function AudioPlayer({ item, src }: { item: Item; src: string }): React.JSX.Element {
  const [failed, setFailed] = useState(false)
  return (
    <div className={styles.gallery}>
      <div className={styles.audioCard}>
        <ItemThumb
          src={item.media.thumbnail ?? item.media.preview_image}
          kind="audio"
          className={styles.frame}
          eager
        />
        <audio
          className={styles.audio}
          controls
          preload="metadata"
          src={getBridge().mediaUrl(src)}
          aria-label={`${item.name} preview audio`}
          onError={() => setFailed(true)}
        />
      </div>
      {failed && <MediaProblem what="audio preview" />}
      <KeepOffline url={src} what="audio" playerSaidWhy={failed} />
      {item.media.screenshots.length > 0 && <ScreenshotStrip item={item} />}
    </div>
  )
}

/** Screenshots beside a player: thumbnails that open the viewer. */
function ScreenshotStrip({ item }: { item: Item }): React.JSX.Element {
  const [viewer, setViewer] = useState<number | null>(null)
  const shots = item.media.screenshots
  return (
    <>
      <Thumbnails images={[...shots]} active={-1} title={item.name} onPick={setViewer} />
      {viewer !== null && (
        <MediaViewer
          images={shots}
          index={viewer}
          title={item.name}
          onIndex={setViewer}
          onClose={() => setViewer(null)}
        />
      )}
    </>
  )
}

/** Media first: a gallery for images, a player for video and audio. */
export function ItemMedia({ item }: { item: Item }): React.JSX.Element {
  if (item.kind === 'video' && item.media.preview_video)
    return <VideoPlayer item={item} src={item.media.preview_video} />
  if (item.kind === 'audio' && item.media.preview_audio)
    return <AudioPlayer item={item} src={item.media.preview_audio} />
  return <Gallery item={item} />
}
