// Package lexicon is the era vocabulary of the Comprehensive Rules: the
// wording conventions the CR changed without changing the rules (play →
// cast, comes into play → enters the battlefield, removed from the game →
// exiled, converted mana cost → mana value), each with the revision it took
// effect in, and the counts that date such a shift in the text.
//
// The lexicon is the file lexicon.tsv embedded in the package (Default);
// Canonical rewrites words into the newest wording so that texts of two
// eras compare equal where only conventions differ; OtherNames names a
// phrase in other eras, NamesAt in every era through the names between,
// the names of a revision's era first; CountPhrase, Shift and Measure date when a phrase
// went out of use.
package lexicon
