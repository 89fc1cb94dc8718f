/** A list answer without paging (categories, the owner's businesses, the featured strip). */
export interface Items<T> {
  items: T[];
}
