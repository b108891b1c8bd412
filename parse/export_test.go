package parse

var NormalizeRunes = normalizeRunes
