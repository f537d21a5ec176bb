/**
 * License statements shown on the About page and linked from every footer. One place to change
 * them: the board data is CC BY 4.0; figures and artifacts keep their own licenses.
 */
export const DATA_LICENSE = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
  code: 'MIT',
} as const;
