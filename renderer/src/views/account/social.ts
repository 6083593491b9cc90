const NETWORK_NAMES: Record<string, string> = {
  x: 'X',
  twitter: 'X',
  facebook: 'Facebook',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  pinterest: 'Pinterest',
  github: 'GitHub',
  tiktok: 'TikTok'
}

/** "youtube" -> "YouTube"; unknown networks keep their name with a capital letter. */
export function networkName(network: string): string {
  const known = NETWORK_NAMES[network.toLowerCase()]
  if (known) return known
  return network ? network[0]!.toUpperCase() + network.slice(1) : 'Link'
}
