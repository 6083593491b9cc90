import { Monitor, Moon, Sun } from 'lucide-react'
import type { Theme } from '../../../../shared/ipc/contract'
import { useSettings } from '../../stores/settings'
import { toast } from '../../ui/toast'
import card from '../../ui/Card.module.css'
import styles from './Settings.module.css'

const OPTIONS: Array<{ value: Theme; label: string; hint: string; icon: typeof Sun }> = [
  { value: 'system', label: 'System', hint: 'Follows the system', icon: Monitor },
  { value: 'light', label: 'Light', hint: 'Always light', icon: Sun },
  { value: 'dark', label: 'Dark', hint: 'Always dark', icon: Moon }
]

export function ThemeSection(): React.JSX.Element {
  const theme = useSettings((s) => s.theme)
  const setTheme = useSettings((s) => s.setTheme)

  const choose = async (value: Theme): Promise<void> => {
    if (!(await setTheme(value))) toast('Couldn’t save the theme. It will apply until you restart.')
  }

  return (
    <section className={`${card.card} ${styles.section}`} aria-labelledby="theme-title">
      <h2 id="theme-title" className={styles.sectionTitle}>
        Appearance
      </h2>
      <fieldset className={styles.themes}>
        <legend className="visually-hidden">Theme</legend>
        {OPTIONS.map(({ value, label, hint, icon: Icon }) => (
          <label key={value} className={styles.themeOption}>
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => void choose(value)}
            />
            <Icon size={18} aria-hidden />
            <span className={styles.themeText}>
              <span className={styles.themeLabel}>{label}</span>
              <span className={styles.hint}>{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  )
}
