/** A country's name in the chosen language (ISO 3166 alpha-2 code in, the code itself when unknown). */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
