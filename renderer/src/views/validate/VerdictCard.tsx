import { Download, ShieldAlert, ShieldCheck, ShieldOff, ChevronRight, History } from 'lucide-react'
import type { Validation } from '../../../../shared/ipc/contract'
import type { Purchase } from '../../../../shared/model'
import { verdictOfValidation, type Verdict } from '../../../../shared/verdict'
import { shortCode } from '../../../../shared/purchase-code'
import { formatDate, formatDateTime, formatMoney } from '../../lib/format'
import { categoryLine } from '../items/ItemCard'
import { ItemThumb } from '../items/ItemThumb'
import { VERDICT_ICON } from '../../ui/VerdictBadge'
import { supportLine, type SupportLine } from './support'
import card from '../../ui/Card.module.css'
import styles from './VerdictCard.module.css'

export const NOT_VALID_EXPLANATION =
  'The code is unknown, or the purchase was refunded or cancelled.'

/** A code that was valid at an earlier check: the likely story is a refund or cancellation. */
function wasValidLine(v: Extract<Validation, { valid: false }>, now: Date): string {
  const when = v.previous ? ` on ${formatDateTime(v.previous.checkedAt, now)}` : ' before'
  return `It was valid when you checked it${when}: the purchase has probably been refunded or cancelled since.`
}

/**
 * "Checked before: Valid · 12 Nov, 14:02": quiet, for any code seen before. Left out when
 * the earlier check said the same in the same minute as this one: the card's "Checked …"
 * line would show the very same time twice.
 */
function previousLine(v: Validation, now: Date): string | null {
  if (!v.previous) return null
  const when = formatDateTime(v.previous.checkedAt, now)
  if (v.previous.valid === v.valid && when === formatDateTime(v.checkedAt, now)) return null
  const verdict = v.previous.valid ? 'Valid' : 'Not valid'
  return `Checked before: ${verdict} · ${when}`
}

/** The quiet line, left out when the was-valid warning already tells the same story. */
function PreviousCheck({ v, now }: { v: Validation; now: Date }): React.JSX.Element | null {
  const line = v.valid || v.flag !== 'was-valid' ? previousLine(v, now) : null
  return line ? <p className={styles.previous}>{line}</p> : null
}

function SupportIcon({ state }: { state: SupportLine['state'] }): React.JSX.Element {
  if (state === 'supported') return <ShieldCheck size={16} aria-hidden />
  if (state === 'support-expired') return <ShieldAlert size={16} aria-hidden />
  return <ShieldOff size={16} aria-hidden />
}

function LicenceBadge({ purchase }: { purchase: Purchase }): React.JSX.Element | null {
  if (purchase.license === 'unknown') return null
  const word = purchase.license === 'regular' ? 'Regular' : 'Extended'
  // "Regular" next to "Regular" says nothing; the badge earns its place on other wording.
  if (purchase.license_type.trim().toLowerCase() === word.toLowerCase()) return null
  return <span className={styles.licenceBadge}>{word}</span>
}

function ItemMiniCard({
  purchase,
  onOpenItem
}: {
  purchase: Purchase
  onOpenItem(id: number): void
}): React.JSX.Element {
  const item = purchase.item
  return (
    <button type="button" className={styles.mini} onClick={() => onOpenItem(item.id)}>
      {/* Named by its visible text (WCAG 2.5.3), the action said first. */}
      <span className="visually-hidden">Open item </span>
      <ItemThumb
        src={item.media.thumbnail ?? item.media.preview_image}
        kind={item.kind}
        className={styles.miniThumb}
      />
      <span className={styles.miniText}>
        <span className={styles.miniName}>{item.name}</span>
        <span className={styles.miniMeta}>
          {categoryLine(item)} · <span className="mono">#{item.id}</span>
        </span>
      </span>
      <ChevronRight size={16} aria-hidden className={styles.miniChevron} />
    </button>
  )
}

/**
 * A verdict whose code is no longer the one in the field, as one muted line: the only big
 * verdict on screen is the one for what the field holds (or none yet).
 */
function EarlierLine({
  v,
  verdict,
  next
}: {
  v: Validation
  verdict: Verdict
  next: string | null
}): React.JSX.Element {
  return (
    <article
      className={styles.earlier}
      data-stale="true"
      data-verdict={verdict.state}
      aria-labelledby="verdict-word"
    >
      <History size={14} aria-hidden />
      <p>
        <span id="verdict-word">
          Earlier: {verdict.label} ·{' '}
          <span className="mono" title={v.code}>
            {shortCode(v.code)}
          </span>
        </span>
        <span className={styles.earlierNext}>
          {next ? (
            <>
              {' '}
              Press Enter to check{' '}
              <span className="mono" title={next}>
                {shortCode(next)}
              </span>
              .
            </>
          ) : (
            // The field holds no code: Enter would check nothing, so nothing is offered.
            '.'
          )}
        </span>
      </p>
    </article>
  )
}

interface CardProps {
  now: Date
  /** The field holds another code now: the card shrinks to one muted line. */
  stale: boolean
  /** The code Enter would check now, named on a stale card; null when unknown. */
  next: string | null
}

/**
 * The card around either verdict: its tone, the stale note, and the heading in the model's
 * words ("Valid · support expired"), as bulk, History and the tray say it.
 */
function VerdictShell({
  v,
  verdict,
  stale,
  next,
  children
}: {
  v: Validation
  verdict: Verdict
  stale: boolean
  next: string | null
  children: React.ReactNode
}): React.JSX.Element {
  const VerdictIcon = VERDICT_ICON[verdict.state]
  if (stale) return <EarlierLine v={v} verdict={verdict} next={next} />
  return (
    <article
      className={`${card.card} ${styles.card}`}
      data-tone={verdict.tone}
      data-verdict={verdict.state}
      aria-labelledby="verdict-word"
    >
      <header className={styles.verdict}>
        <VerdictIcon size={40} aria-hidden className={styles.verdictIcon} />
        <div>
          <h2 id="verdict-word" className={styles.verdictWord}>
            {verdict.label}
          </h2>
          <p className={`${styles.code} mono`}>{v.code}</p>
        </div>
      </header>
      {children}
    </article>
  )
}

function ValidCard({
  v,
  now,
  stale,
  next,
  onOpenItem
}: CardProps & {
  v: Extract<Validation, { valid: true }>
  onOpenItem(id: number): void
}): React.JSX.Element {
  const p = v.purchase
  const verdict = verdictOfValidation(v, { now, formatDate })
  const support = supportLine(p.supported_until, now)
  return (
    <VerdictShell v={v} verdict={verdict} stale={stale} next={next}>
      <dl className={styles.facts}>
        <div>
          <dt>Licence</dt>
          <dd>
            {p.license_type} <LicenceBadge purchase={p} />
          </dd>
        </div>
        <div>
          <dt>Price paid</dt>
          <dd className="tabular">{formatMoney(p.price, p.currency)}</dd>
        </div>
        <div>
          <dt>Purchased</dt>
          <dd className="tabular">{formatDate(p.date)}</dd>
        </div>
        <div>
          <dt>Downloaded</dt>
          <dd>
            <Download size={14} aria-hidden className={styles.inlineIcon} />{' '}
            {p.downloaded ? 'Yes' : 'No'}
          </dd>
        </div>
      </dl>
      <p className={styles.support} data-tone={support.tone}>
        <SupportIcon state={support.state} />
        {support.text}
      </p>
      <ItemMiniCard purchase={p} onOpenItem={onOpenItem} />
      <PreviousCheck v={v} now={now} />
      <p className={styles.checkedAt}>Checked {formatDateTime(v.checkedAt, now)}</p>
    </VerdictShell>
  )
}

function InvalidCard({
  v,
  now,
  stale,
  next
}: CardProps & { v: Extract<Validation, { valid: false }> }): React.JSX.Element {
  const verdict = verdictOfValidation(v, { now, formatDate })
  return (
    <VerdictShell v={v} verdict={verdict} stale={stale} next={next}>
      <p className={styles.serverMessage}>
        The marketplace said: <q>{v.message}</q>
      </p>
      {v.flag === 'was-valid' ? (
        <p className={styles.wasValid}>
          <History size={16} aria-hidden />
          {wasValidLine(v, now)}
        </p>
      ) : (
        <p className={styles.explain}>{NOT_VALID_EXPLANATION}</p>
      )}
      <PreviousCheck v={v} now={now} />
      <p className={styles.checkedAt}>Checked {formatDateTime(v.checkedAt, now)}</p>
    </VerdictShell>
  )
}

/**
 * The verdict for one code, naming it. Props in, no store read: the Validate screen and a
 * quick-lookup window both show it. `stale` shrinks it to one line once the field holds
 * another code.
 */
export function VerdictCard({
  validation,
  onOpenItem,
  now = new Date(),
  stale = false,
  next = null
}: {
  validation: Validation
  onOpenItem(id: number): void
  now?: Date
  stale?: boolean
  /** On a stale line: the code Enter would check now (the field's), so the line names it. */
  next?: string | null
}): React.JSX.Element {
  return validation.valid ? (
    <ValidCard v={validation} now={now} stale={stale} next={next} onOpenItem={onOpenItem} />
  ) : (
    <InvalidCard v={validation} now={now} stale={stale} next={next} />
  )
}

/** What a screen reader hears when a verdict lands. */
export function announce(v: Validation, now: Date = new Date()): string {
  if (!v.valid) {
    if (v.flag === 'was-valid') return `Not valid. ${v.message}. ${wasValidLine(v, now)}`
    const before = previousLine(v, now)
    return `Not valid. ${v.message}. ${NOT_VALID_EXPLANATION}${before ? ` ${before}.` : ''}`
  }
  const p = v.purchase
  const before = previousLine(v, now)
  return `Valid. ${p.item.name}, ${p.license_type} licence. ${supportLine(p.supported_until, now).text}. Downloaded: ${p.downloaded ? 'yes' : 'no'}.${before ? ` ${before}.` : ''}`
}
