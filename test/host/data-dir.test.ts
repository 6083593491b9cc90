import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultDataDir } from '../../electron/host/data-dir'

describe('the data folder', () => {
  it('is where Electron keeps userData for "Seller Desk" on each OS', () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.config/Seller Desk')
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ana')).toBe(
      '/xdg/Seller Desk'
    )
    expect(defaultDataDir('darwin', {}, '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/Seller Desk'
    )
    expect(
      defaultDataDir('win32', { APPDATA: 'C:/Users/ana/AppData/Roaming' }, 'C:/Users/ana')
    ).toBe(join('C:/Users/ana/AppData/Roaming', 'Seller Desk'))
  })
})
