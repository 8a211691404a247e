import unhomoglyph from 'unhomoglyph';

/**
 * UTS #39 §4 skeleton: NFD, each character replaced by its prototype from Unicode's confusables.txt (the table
 * unhomoglyph ships), NFD again. Two strings that look alike have the same skeleton ('аdmin' with a Cyrillic а and
 * 'admin'); the standard keeps distinct what it does not list as confusable ('adm1n': 1 is confusable with l, not i).
 */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * The key user names are compared by (users.username_skeleton): NFKC and lower case first, as names are unique
 * regardless of case (confusables.txt is not made for case-insensitive matching, so case is folded before).
 */
export function nameSkeleton(text: string): string {
  return skeleton(text.trim().normalize('NFKC').toLowerCase());
}
