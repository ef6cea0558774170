/**
 * lawyer_profiles.search_tags holds a lawyer's areas and cities as 'a:<area id>' and 'c:<city id>',
 * kept by database triggers from the link tables (drizzle/0002_search_triggers.sql). Reading them
 * from the profile row saves two queries wherever a profile is shown.
 */
export function areasFromTags(tags: readonly string[]): string[] {
  return tags.filter((t) => t.startsWith('a:')).map((t) => t.slice(2));
}

export function citiesFromTags(tags: readonly string[]): string[] {
  return tags.filter((t) => t.startsWith('c:')).map((t) => t.slice(2));
}

/**
 * search_tags as a card query selects them (column `tags`): one string, the tags separated by spaces
 * (tags are ids, never with a space). node-postgres parses a text[] character by character, and on the
 * search's 24 cards that parse was more of the request's CPU than writing the cards.
 */
export function cardTagsColumn(table?: string): string {
  return `array_to_string(${table ? `${table}.` : ''}search_tags, ' ') as tags`;
}
