import styles from './Connect.module.css'

/** Where the key lives on the marketplace (the spec's Authentication section). */
export function KeySteps(): React.JSX.Element {
  return (
    <section className={styles.steps} aria-labelledby="key-steps-title">
      <h2 id="key-steps-title">Where to find your API key</h2>
      <ol>
        <li>Log in to the marketplace with your seller account.</li>
        <li>
          Open your workspace <strong>Settings</strong> and go to the <strong>API key</strong> (or
          API access) section.
        </li>
        <li>Generate a new key, or copy the existing one, and paste it above.</li>
      </ol>
      <p className={styles.note}>The key is kept in your system’s keychain, never in a file.</p>
    </section>
  )
}
