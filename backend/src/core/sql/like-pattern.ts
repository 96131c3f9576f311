/** The LIKE pattern of a list search (use with `ESCAPE '\'`): lower case, and `%`, `_` and `\` typed in it matched literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
