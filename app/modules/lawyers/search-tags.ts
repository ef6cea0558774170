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
