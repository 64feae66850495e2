/** Text as a LIKE pattern's literal part: its `%`, `_` and `\` escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
