/**
 * Envelope texts. Spec mode uses the spec's table; real mode uses a 2.3 install's English
 * texts, or Spanish as a site admin might translate them (real-installs §11).
 */
export interface Texts {
  success: string
  error: string
  invalidRequest: string
  noItems: string
  itemNotFound: string
  invalidCode: string
  regular: string
  extended: string
  apiKeyRequired: string
  itemIdRequired: string
  itemIdInteger: string
  codeRequired: string
}

export const SPEC_TEXTS: Texts = {
  success: 'success',
  error: 'error',
  invalidRequest: 'Invalid request',
  noItems: 'No items found',
  itemNotFound: 'Item Not Found',
  invalidCode: 'Invalid purchase code',
  regular: 'Regular',
  extended: 'Extended',
  apiKeyRequired: 'Invalid request',
  itemIdRequired: 'Invalid request',
  itemIdInteger: 'Invalid request',
  codeRequired: 'Invalid request'
}

export const REAL_TEXTS: Record<'en' | 'es', Texts> = {
  en: {
    success: 'success',
    error: 'error',
    invalidRequest: 'Invalid request',
    noItems: 'No Items Found',
    itemNotFound: 'Item Not Found',
    invalidCode: 'Invalid purchase code',
    regular: 'Regular',
    extended: 'Extended',
    apiKeyRequired: 'The api key field is required.',
    itemIdRequired: 'The item id field is required.',
    itemIdInteger: 'The item id field must be an integer.',
    codeRequired: 'The purchase code field is required.'
  },
  es: {
    success: 'éxito',
    error: 'error',
    invalidRequest: 'Solicitud no válida',
    noItems: 'No se encontraron artículos',
    itemNotFound: 'Artículo no encontrado',
    invalidCode: 'Código de compra no válido',
    regular: 'Regular',
    extended: 'Extendida',
    apiKeyRequired: 'El campo api key es obligatorio.',
    itemIdRequired: 'El campo item id es obligatorio.',
    itemIdInteger: 'El campo item id debe ser un número entero.',
    codeRequired: 'El campo purchase code es obligatorio.'
  }
}
