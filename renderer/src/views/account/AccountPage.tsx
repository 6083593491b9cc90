import { useState, type MouseEvent } from 'react'
import { AtSign, CalendarDays, Copy, ExternalLink, Mail, TriangleAlert } from 'lucide-react'
import type { Account, SocialLink } from '../../../../shared/model'
import { getBridge } from '../../bridge'
import { openExternal } from '../../lib/external'
import { formatDate, formatMoney } from '../../lib/format'
import { Chip } from '../../ui/Chip'
import { SafeHtml } from '../../ui/SafeHtml'
import { toast } from '../../ui/toast'
import { networkName } from './social'
import card from '../../ui/Card.module.css'
import styles from './Account.module.css'

/** A marketplace image through main's media route; a failed load leaves the neutral fallback. */
function RemoteImage({
  url,
  className,
  alt = ''
}: {
  url: string | null
  className?: string
  alt?: string
}): React.JSX.Element | null {
  const [failed, setFailed] = useState<string | null>(null)
  if (!url || failed === url) return null
  return (
    <img
      className={className}
      src={getBridge().mediaUrl(url)}
      alt={alt}
      onError={() => setFailed(url)}
      decoding="async"
    />
  )
}

function initials(account: Account): string {
  const source = account.name.full_name || account.username
  const parts = source.trim().split(/\s+/).filter(Boolean)
  return (
    (parts.length > 1
      ? `${parts[0]![0]}${parts[parts.length - 1]![0]}`
      : source.slice(0, 2)
    ).toUpperCase() || '?'
  )
}

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    toast(`${what} copied`)
  } catch {
    toast(`Couldn’t copy the ${what.toLowerCase()}`)
  }
}

function SocialChip({ link }: { link: SocialLink }): React.JSX.Element {
  const name = networkName(link.network)
  if (!link.url) {
    return (
      <Chip icon={<AtSign size={14} aria-hidden />}>
        {name}: {link.handle}
      </Chip>
    )
  }
  const url = link.url
  const open = (e: MouseEvent<HTMLAnchorElement>): void => {
    e.preventDefault()
    void openExternal(url)
  }
  return (
    <Chip
      as="a"
      href={url}
      icon={<ExternalLink size={14} aria-hidden />}
      onClick={open}
      onAuxClick={(e) => e.preventDefault()}
      title={`${url} (opens in your browser)`}
    >
      {name}: {link.handle}
    </Chip>
  )
}

function Balance({
  amount,
  currency
}: {
  amount: number
  currency: string | null
}): React.JSX.Element {
  const negative = amount < 0
  return (
    <section
      className={`${card.card} ${styles.balance} ${negative ? styles.negative : ''}`}
      aria-labelledby="balance-label"
    >
      <h2 id="balance-label" className={styles.balanceLabel}>
        Balance
      </h2>
      <p className={styles.balanceAmount} data-testid="balance">
        {formatMoney(amount, currency)}
      </p>
      {negative && (
        <p className={styles.negativeNote}>
          <TriangleAlert size={14} aria-hidden /> Negative balance
        </p>
      )}
      {!currency && (
        <p className={styles.balanceHint}>The marketplace did not say which currency.</p>
      )}
    </section>
  )
}

/** The account as a profile page: cover, avatar, identity and balance, then the public profile. */
export function AccountPage({ account }: { account: Account }): React.JSX.Element {
  const { profile } = account
  const hasProfileText = Boolean(profile.heading || profile.description)
  const contact = profile.contact.email

  return (
    <article
      className={styles.page}
      aria-label={`Account of ${account.name.full_name || account.username}`}
    >
      <div className={styles.cover}>
        <RemoteImage url={profile.media.cover} className={styles.coverImage} />
      </div>

      <div className={styles.identityRow}>
        <div className={styles.identity}>
          <div className={styles.avatar} aria-hidden>
            <span className={styles.initials}>{initials(account)}</span>
            <RemoteImage url={profile.media.avatar} className={styles.avatarImage} />
          </div>
          <div className={styles.names}>
            <h2 className={styles.fullName}>{account.name.full_name || account.username}</h2>
            <p className={styles.username}>@{account.username}</p>
            <p className={styles.email}>
              <Mail size={14} aria-hidden />
              <span>{account.email}</span>
              <button
                type="button"
                className={styles.copy}
                aria-label="Copy e-mail address"
                onClick={() => void copy(account.email, 'E-mail address')}
              >
                <Copy size={14} aria-hidden />
              </button>
            </p>
          </div>
        </div>
        <Balance amount={account.balance} currency={account.currency} />
      </div>

      <section className={`${card.card} ${styles.card}`} aria-labelledby="profile-title">
        <h2 id="profile-title" className={styles.cardTitle}>
          Public profile
        </h2>
        {profile.heading && <p className={styles.heading}>{profile.heading}</p>}
        {profile.description ? (
          <SafeHtml
            html={profile.description}
            className={styles.description}
            label="Profile description"
          />
        ) : (
          !hasProfileText && (
            <p className={styles.muted}>
              No profile text yet. Sellers write it on the marketplace’s profile page.
            </p>
          )
        )}

        <dl className={styles.facts}>
          <div>
            <dt>Contact e-mail</dt>
            <dd>{contact ?? <span className={styles.muted}>Not set</span>}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd className="tabular">
              <CalendarDays size={14} aria-hidden className={styles.factIcon} />
              {formatDate(account.registered_at)}
            </dd>
          </div>
        </dl>

        {profile.social_links.length > 0 && (
          <div className={styles.socialBlock}>
            <h3 className={styles.subTitle}>Social links</h3>
            <ul className={styles.chips}>
              {profile.social_links.map((link) => (
                <li key={`${link.network}:${link.handle}`}>
                  <SocialChip link={link} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </article>
  )
}
