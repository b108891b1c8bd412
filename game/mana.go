package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// A Color is a set of the five colours of Magic; the zero Color is
// colourless.
type Color uint8

// The five colours, in the order the rules list them (WUBRG).
const (
	White Color = 1 << iota
	Blue
	Black
	Red
	Green
)

var colorNames = [...]struct {
	c      Color
	letter byte
	name   string
}{{White, 'W', "white"}, {Blue, 'U', "blue"}, {Black, 'B', "black"}, {Red, 'R', "red"}, {Green, 'G', "green"}}

// Colors lists the colours of c in WUBRG order.
func (c Color) Colors() []Color {
	var out []Color
	for _, n := range colorNames {
		if c&n.c != 0 {
			out = append(out, n.c)
		}
	}
	return out
}

// Count is how many colours c has.
func (c Color) Count() int { return len(c.Colors()) }

// String prints the colours' names joined by "-" ("green-white"), or
// "colorless".
func (c Color) String() string {
	if c == 0 {
		return "colorless"
	}
	var parts []string
	for _, n := range colorNames {
		if c&n.c != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, "-")
}

// Letter is the mana letter of a single colour ("G"), or "C".
func (c Color) Letter() string {
	for _, n := range colorNames {
		if c == n.c {
			return string(n.letter)
		}
	}
	return "C"
}

// ParseColor reads a colour's name or mana letter ("red", "R"); several
// joined by "-", "/" or " and " ("green-white").
func ParseColor(s string) (Color, bool) {
	var c Color
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "colorless" || s == "colourless" {
		return 0, true
	}
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '/' || r == ' ' || r == ',' }) {
		if p == "and" {
			continue
		}
		found := false
		for _, n := range colorNames {
			if p == n.name || p == strings.ToLower(string(n.letter)) {
				c |= n.c
				found = true
			}
		}
		if !found {
			return 0, false
		}
	}
	return c, c != 0
}

// A Symbol is one mana symbol of a cost: generic ({3}), coloured ({G}),
// hybrid ({G/W}: either colour; {2/W}: the colour or two generic mana),
// Phyrexian ({W/P}: the colour or 2 life), colourless-only ({C}), snow
// ({S}: one mana of any type produced by a snow source) or {X}.
type Symbol struct {
	Generic   int   // the number of a generic symbol, 2 for {2/W}
	Color     Color // one colour, or two for a hybrid symbol
	Colorless bool  // {C}
	Snow      bool  // {S}
	X         bool
	Phyrexian bool // {W/P}, {G/W/P}
	// Either is a choice of two coloured symbols printed in words ("{W}
	// or {U}", cumulative upkeep's cost in 702.24-example-1): paid as a
	// hybrid symbol is, but no mana symbol of its own, in any revision.
	Either  bool
	printed string // a hybrid or Phyrexian symbol's letters as printed: "G/W"
}

// generic reports whether s is a generic symbol ({3}).
func (s Symbol) generic() bool { return !s.X && !s.Colorless && !s.Snow && s.Color == 0 }

// Hybrid reports whether s can be paid in two ways other than life:
// {G/W} or {2/W}.
func (s Symbol) Hybrid() bool { return s.Color.Count() == 2 || s.Color != 0 && s.Generic > 0 }

// String prints the symbol in braces.
func (s Symbol) String() string {
	switch {
	case s.X:
		return "{X}"
	case s.Colorless:
		return "{C}"
	case s.Snow:
		return "{S}"
	case s.printed != "":
		return "{" + s.printed + "}"
	case s.Color != 0:
		cs := s.Color.Colors()
		ls := make([]string, len(cs))
		for i, c := range cs {
			ls[i] = c.Letter()
		}
		return "{" + strings.Join(ls, "/") + "}"
	}
	return "{" + strconv.Itoa(s.Generic) + "}"
}

// A Cost is a mana cost as printed: symbols in order. The zero Cost is
// "no mana cost", distinct from {0} (Zero reports which).
type Cost struct {
	Symbols []Symbol
	set     bool
}

// A CostError is a cost or amount of mana that cannot be read; Offset is
// the byte offset in the text given of the symbol at fault.
type CostError struct {
	Offset int
	Msg    string
}

func (e *CostError) Error() string { return e.Msg }

// ParseCost reads a cost in brace notation: "{3}{G}{W}", "{X}{R}",
// "{G/W}", "{0}". An empty string is no cost. An error is a *CostError.
func ParseCost(s string) (Cost, error) {
	off := len(s) - len(strings.TrimLeftFunc(s, unicode.IsSpace))
	s = strings.TrimSpace(s)
	if s == "" {
		return Cost{}, nil
	}
	c := Cost{set: true}
	fail := func(format string, args ...any) (Cost, error) {
		return Cost{}, &CostError{Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	for s != "" {
		if s[0] != '{' {
			return fail("mana cost %q: expected '{'", s)
		}
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return fail("mana cost %q: missing '}'", s)
		}
		body := strings.ToUpper(s[1:end])
		switch {
		case body == "X":
			c.Symbols = append(c.Symbols, Symbol{X: true})
		case body == "C":
			c.Symbols = append(c.Symbols, Symbol{Colorless: true})
		case body == "S":
			c.Symbols = append(c.Symbols, Symbol{Snow: true})
		case body != "" && body[0] >= '0' && body[0] <= '9' && !strings.Contains(body, "/"):
			n, err := strconv.Atoi(body)
			if errors.Is(err, strconv.ErrRange) || err == nil && n > 99 {
				return fail("mana symbol {%s}: out of range: a generic mana symbol is {0} to {99}", body)
			}
			if err != nil {
				return fail("mana symbol {%s}: not a number", body)
			}
			c.Symbols = append(c.Symbols, Symbol{Generic: n})
		default:
			var sym Symbol
			parts := strings.Split(body, "/")
			if n := len(parts); n > 1 && parts[n-1] == "P" {
				sym.Phyrexian, parts = true, parts[:n-1]
			}
			if len(parts) == 2 && parts[0] == "2" && !sym.Phyrexian {
				// {2/W}: two generic mana or one of the colour.
				sym.Generic, parts = 2, parts[1:]
			}
			for _, p := range parts {
				k, ok := ParseColor(p)
				if !ok || k.Count() != 1 || sym.Color&k != 0 {
					return fail("mana symbol {%s}: unknown", body)
				}
				sym.Color |= k
			}
			if sym.Color.Count() > 2 || sym.Generic > 0 && sym.Color.Count() != 1 {
				return fail("mana symbol {%s}: unknown", body)
			}
			if len(body) > 1 {
				sym.printed = body
			}
			c.Symbols = append(c.Symbols, sym)
		}
		off += end + 1
		s = s[end+1:]
	}
	return c, nil
}

// MustParseCost is ParseCost for constants; it panics on a bad cost.
func MustParseCost(s string) Cost {
	c, err := ParseCost(s)
	if err != nil {
		panic(err)
	}
	return c
}

// IsSet tells a cost (even {0}) from no mana cost at all.
func (c Cost) IsSet() bool { return c.set }

// String prints the cost in brace notation, "" for no cost.
func (c Cost) String() string {
	var b strings.Builder
	for _, s := range c.Symbols {
		b.WriteString(s.String())
	}
	if b.Len() == 0 && c.set {
		return "{0}"
	}
	return b.String()
}

// Value is the mana value (converted mana cost) with X = x.
func (c Cost) Value(x int) int {
	n := 0
	for _, s := range c.Symbols {
		switch {
		case s.X:
			n += x
		case s.Color != 0 && s.Generic > 0:
			n += s.Generic // {2/W}: the largest component
		case s.Color != 0, s.Colorless, s.Snow:
			n++
		default:
			n += s.Generic
		}
	}
	return n
}

// Colors is the colour of an object with this cost: every colour of its
// symbols (hybrid symbols give both).
func (c Cost) Colors() Color {
	var col Color
	for _, s := range c.Symbols {
		col |= s.Color
	}
	return col
}

// Plus returns c followed by the symbols of d.
func (c Cost) Plus(d Cost) Cost {
	out := Cost{set: c.set || d.set}
	out.Symbols = append(append(out.Symbols, c.Symbols...), d.Symbols...)
	return out.normal()
}

// normal merges generic symbols into one, first, as costs are printed.
func (c Cost) normal() Cost {
	gen, hasGen := 0, false
	var rest []Symbol
	for _, s := range c.Symbols {
		if s.generic() {
			gen += s.Generic
			hasGen = true
			continue
		}
		rest = append(rest, s)
	}
	out := Cost{set: c.set}
	var xs []Symbol
	for _, s := range rest {
		if s.X {
			xs = append(xs, s)
		}
	}
	out.Symbols = append(out.Symbols, xs...)
	if hasGen && (gen > 0 || len(rest) == 0) {
		out.Symbols = append(out.Symbols, Symbol{Generic: gen})
	}
	for _, s := range rest {
		if !s.X {
			out.Symbols = append(out.Symbols, s)
		}
	}
	return out
}

// HasX reports whether c has an {X}.
func (c Cost) HasX() bool {
	for _, s := range c.Symbols {
		if s.X {
			return true
		}
	}
	return false
}

// WithX returns c with each {X} replaced by x generic mana.
func (c Cost) WithX(x int) Cost {
	out := Cost{set: c.set}
	for _, s := range c.Symbols {
		if s.X {
			s = Symbol{Generic: x}
		}
		out.Symbols = append(out.Symbols, s)
	}
	return out.normal()
}

// SnowGeneric returns c with n of its generic mana (at most all of it)
// as {S} symbols: the part of the cost a restriction ("Spend only snow
// mana on X") lets only mana a snow source produced pay.
func (c Cost) SnowGeneric(n int) Cost {
	n = min(n, c.Generic())
	if n <= 0 {
		return c
	}
	out := c.Plus(Cost{})
	for i, s := range out.Symbols {
		if s.generic() {
			out.Symbols[i].Generic -= n
		}
	}
	for range n {
		out.Symbols = append(out.Symbols, Symbol{Snow: true})
	}
	return out.normal()
}

// Generic is the generic part of the cost.
func (c Cost) Generic() int {
	n := 0
	for _, s := range c.Symbols {
		if s.generic() {
			n += s.Generic
		}
	}
	return n
}

// Reduce lowers the cost by r: each coloured symbol of r removes one
// symbol of that colour from c if there is one and otherwise reduces the
// generic part, and r's generic part reduces the generic part. A cost is
// never reduced below zero: what r has in excess is returned as unused.
func (c Cost) Reduce(r Cost) (out Cost, unused Cost) {
	syms := append([]Symbol(nil), c.Symbols...)
	gen := 0
	for _, s := range r.Symbols {
		switch {
		case s.Color != 0:
			if i := findSymbol(syms, s.Color); i >= 0 {
				syms = append(syms[:i], syms[i+1:]...)
				continue
			}
			gen++
		case s.Colorless, s.Snow:
			gen++ // 118.7g: reduced by {S} is reduced by generic mana
		case !s.X:
			gen += s.Generic
		}
	}
	for i := 0; i < len(syms) && gen > 0; i++ {
		s := &syms[i]
		if s.X || s.Colorless || s.Snow || s.Color != 0 {
			continue // a reduction of generic mana doesn't affect {S} (107.4h)
		}
		k := min(gen, s.Generic)
		s.Generic -= k
		gen -= k
	}
	out = Cost{Symbols: syms, set: c.set}
	out = out.normal()
	if gen > 0 {
		unused = Cost{Symbols: []Symbol{{Generic: gen}}, set: true}
	}
	return out, unused
}

// findSymbol finds a coloured symbol payable with col: an exact one
// first, then a hybrid one containing it.
func findSymbol(syms []Symbol, col Color) int {
	for i, s := range syms {
		if s.Color == col {
			return i
		}
	}
	for i, s := range syms {
		if s.Color&col != 0 {
			return i
		}
	}
	return -1
}

// Mana is an amount of mana: how many of each colour, and colourless,
// and of those how many a snow source produced (Snow, in the order W,
// U, B, R, G, C), which alone can pay {S}.
type Mana struct {
	W, U, B, R, G, C int
	Snow             [6]int
}

// manaTypes are the types of mana in the order of Mana.Snow.
var manaTypes = [6]Color{White, Blue, Black, Red, Green, 0}

func snowIndex(c Color) int {
	for i, t := range manaTypes {
		if t == c {
			return i
		}
	}
	return 5
}

// AsSnow returns m as mana produced by a snow source: all of it snow.
func (m Mana) AsSnow() Mana {
	for i, t := range manaTypes {
		m.Snow[i] = m.Of(t)
	}
	return m
}

// SnowOf is how much of m's mana of colour c (0 for colourless) a snow
// source produced.
func (m Mana) SnowOf(c Color) int { return m.Snow[snowIndex(c)] }

// SnowTotal is how much of m a snow source produced.
func (m Mana) SnowTotal() int {
	n := 0
	for _, k := range m.Snow {
		n += k
	}
	return n
}

// snowPart is the part of m a snow source produced, as plain mana.
func (m Mana) snowPart() Mana {
	var o Mana
	for i, t := range manaTypes {
		o.Add(t, m.Snow[i])
	}
	return o
}

// take removes one mana of colour c (0 for colourless), mana that no
// snow source produced first; it reports false if m has none.
func (m *Mana) take(c Color) bool {
	p := m.slot(c)
	if *p == 0 {
		return false
	}
	*p--
	if i := snowIndex(c); m.Snow[i] > *p {
		m.Snow[i]--
	}
	return true
}

// takeSnow removes one mana of colour c that a snow source produced.
func (m *Mana) takeSnow(c Color) bool {
	i := snowIndex(c)
	if m.Snow[i] == 0 {
		return false
	}
	m.Snow[i]--
	*m.slot(c)--
	return true
}

func (m *Mana) slot(c Color) *int {
	switch c {
	case White:
		return &m.W
	case Blue:
		return &m.U
	case Black:
		return &m.B
	case Red:
		return &m.R
	case Green:
		return &m.G
	}
	return &m.C
}

// Of is how much mana of colour c (0 for colourless) m holds.
func (m Mana) Of(c Color) int { return *m.slot(c) }

// Add adds n mana of colour c (0 for colourless).
func (m *Mana) Add(c Color, n int) { *m.slot(c) += n }

// Total is how much mana m holds.
func (m Mana) Total() int { return m.W + m.U + m.B + m.R + m.G + m.C }

// Colors is the set of colours of m.
func (m Mana) Colors() Color {
	var c Color
	for _, n := range colorNames {
		if m.Of(n.c) > 0 {
			c |= n.c
		}
	}
	return c
}

// Sub removes o from m; it reports false, leaving m alone, if m holds too
// little. The snow mana of o comes out of m's snow mana; the rest of o
// comes out of m's other mana first.
func (m *Mana) Sub(o Mana) bool {
	r := Mana{W: m.W - o.W, U: m.U - o.U, B: m.B - o.B, R: m.R - o.R, G: m.G - o.G, C: m.C - o.C}
	if r.W < 0 || r.U < 0 || r.B < 0 || r.R < 0 || r.G < 0 || r.C < 0 {
		return false
	}
	for i, t := range manaTypes {
		snow := m.Snow[i] - o.Snow[i]
		if snow < 0 {
			return false
		}
		r.Snow[i] = min(snow, r.Of(t))
	}
	*m = r
	return true
}

// Min returns the mana of each type (snow or not) that both m and o
// have.
func (m Mana) Min(o Mana) Mana {
	out := Mana{W: min(m.W, o.W), U: min(m.U, o.U), B: min(m.B, o.B), R: min(m.R, o.R), G: min(m.G, o.G), C: min(m.C, o.C)}
	for i := range out.Snow {
		out.Snow[i] = min(m.Snow[i], o.Snow[i])
	}
	return out
}

// Plus returns m and o together.
func (m Mana) Plus(o Mana) Mana {
	r := Mana{W: m.W + o.W, U: m.U + o.U, B: m.B + o.B, R: m.R + o.R, G: m.G + o.G, C: m.C + o.C}
	for i := range r.Snow {
		r.Snow[i] = m.Snow[i] + o.Snow[i]
	}
	return r
}

// String prints m as symbols, colourless first: "{2}{G}{W}", followed by
// " snow" when a snow source produced all of it, or by the part it
// produced: "{1}{G} (snow {G})".
func (m Mana) String() string {
	switch n := m.SnowTotal(); {
	case n == 0:
		return m.plain()
	case n == m.Total():
		return m.plain() + " snow"
	}
	return m.plain() + " (snow " + m.snowPart().plain() + ")"
}

func (m Mana) plain() string {
	var b strings.Builder
	if m.C > 0 {
		fmt.Fprintf(&b, "{%d}", m.C)
	}
	for _, n := range colorNames {
		for range m.Of(n.c) {
			b.WriteString("{" + string(n.letter) + "}")
		}
	}
	if b.Len() == 0 {
		return "{0}"
	}
	return b.String()
}

// nthIndex is the offset of the n-th (from 0) c in s.
func nthIndex(s string, c byte, n int) int {
	off := 0
	for ; n >= 0; n-- {
		k := strings.IndexByte(s[off:], c)
		if k < 0 {
			return 0
		}
		off += k + 1
	}
	return off - 1
}

// ParseMana reads an amount of mana in brace notation: "{3}{G}{W}" is
// three colourless, one green and one white; followed by "snow"
// ("{G} snow") it is mana a snow source produced, and followed by
// "(snow M)" ("{1}{G} (snow {G})", as String prints it) part M of it is.
// Hybrid, {S} and {X} are not mana. An error is a *CostError.
func ParseMana(s string) (Mana, error) {
	if i := strings.Index(s, " (snow "); i >= 0 && strings.HasSuffix(strings.TrimRightFunc(s, unicode.IsSpace), ")") {
		m, err := parseMana(s[:i])
		if err != nil {
			return m, err
		}
		part := strings.TrimSuffix(strings.TrimRightFunc(s[i+len(" (snow "):], unicode.IsSpace), ")")
		sn, err := parseMana(part)
		if err != nil {
			var ce *CostError
			if errors.As(err, &ce) {
				ce.Offset += i + len(" (snow ")
			}
			return m, err
		}
		for j, t := range manaTypes {
			if sn.Of(t) > m.Of(t) {
				return m, &CostError{Offset: i + len(" (snow "), Msg: fmt.Sprintf("snow %s is more than %s", sn.plain(), m.plain())}
			}
			m.Snow[j] = sn.Of(t)
		}
		return m, nil
	}
	snow := false
	if t := strings.TrimRightFunc(s, unicode.IsSpace); len(t) > 4 && strings.EqualFold(t[len(t)-4:], "snow") {
		if u := t[:len(t)-4]; strings.TrimRightFunc(u, unicode.IsSpace) != u {
			s, snow = u, true
		}
	}
	m, err := parseMana(s)
	if snow {
		m = m.AsSnow()
	}
	return m, err
}

func parseMana(s string) (Mana, error) {
	c, err := ParseCost(s)
	if err != nil {
		return Mana{}, err
	}
	var m Mana
	for i, sym := range c.Symbols {
		switch {
		case sym.X || sym.Snow || sym.Color.Count() > 1 || sym.Phyrexian || sym.Hybrid():
			return Mana{}, &CostError{Offset: nthIndex(s, '{', i), Msg: fmt.Sprintf("%s is not an amount of mana", sym)}
		case sym.Colorless:
			m.C++
		case sym.Color != 0:
			m.Add(sym.Color, 1)
		default:
			m.C += sym.Generic
		}
	}
	return m, nil
}

// Pays reports whether spending exactly m pays cost c (whose X has been
// replaced): every coloured symbol by its colour (a hybrid by either),
// {C} by colourless mana, {S} by mana a snow source produced, the
// generic part by what is left, nothing left over.
func (m Mana) Pays(c Cost) bool { return m.PaysWith(c, 0) }

// PaysWith reports whether spending exactly m and life pays cost c:
// as Pays, with each Phyrexian symbol paid by one mana of its colour or
// by 2 life (107.4f), each {2/W} by its colour or two generic mana, and
// all of life spent on Phyrexian symbols.
func (m Mana) PaysWith(c Cost, life int) bool {
	if life < 0 || life%2 != 0 {
		return false
	}
	left := m
	var choices []Symbol
	for _, s := range c.Symbols {
		switch {
		case s.X:
			return false
		case s.Colorless:
			if !left.take(0) {
				return false
			}
		case s.Phyrexian || s.Hybrid() || s.Snow:
			choices = append(choices, s)
		case s.Color != 0:
			if !left.take(s.Color) {
				return false
			}
		}
	}
	return payChoices(left, choices, life, c.Generic())
}

// payChoices pays the symbols that can be paid in more than one way,
// trying each way, then checks that what is left pays the generic part
// exactly and that all of life was spent.
func payChoices(m Mana, ss []Symbol, life, generic int) bool {
	if len(ss) == 0 {
		return life == 0 && m.Total() == generic
	}
	s := ss[0]
	if s.Snow {
		for _, t := range manaTypes {
			if n := m; n.takeSnow(t) && payChoices(n, ss[1:], life, generic) {
				return true
			}
		}
		return false
	}
	for _, col := range s.Color.Colors() {
		if n := m; n.take(col) && payChoices(n, ss[1:], life, generic) {
			return true
		}
	}
	if s.Generic > 0 && payChoices(m, ss[1:], life, generic+s.Generic) {
		return true
	}
	return s.Phyrexian && life >= 2 && payChoices(m, ss[1:], life-2, generic)
}

// PayLife returns c with n of its Phyrexian symbols left out, those the
// pool holds least mana for first: what remains once n times 2 life is
// paid. It reports false when c has fewer than n Phyrexian symbols.
func (c Cost) PayLife(pool Mana, n int) (Cost, bool) {
	out := Cost{set: c.set, Symbols: append([]Symbol(nil), c.Symbols...)}
	for ; n > 0; n-- {
		best, have := -1, 0
		for i, s := range out.Symbols {
			if !s.Phyrexian {
				continue
			}
			h := 0
			for _, col := range s.Color.Colors() {
				h += pool.Of(col)
			}
			if best < 0 || h < have {
				best, have = i, h
			}
		}
		if best < 0 {
			return c, false
		}
		out.Symbols = append(out.Symbols[:best], out.Symbols[best+1:]...)
	}
	return out, true
}

// Phyrexian is how many Phyrexian symbols c has.
func (c Cost) Phyrexian() int {
	n := 0
	for _, s := range c.Symbols {
		if s.Phyrexian {
			n++
		}
	}
	return n
}

// AutoPay chooses mana from pool to pay c: coloured symbols from their
// colour, {S} from mana a snow source produced (colourless first, then
// the colour it holds most snow mana of), hybrids from the colour the
// pool has most of, the generic part from colourless mana first, then
// colours in WUBRG order; mana no snow source produced is spent before
// snow mana of the same type. It reports false when pool cannot pay.
func AutoPay(pool Mana, c Cost) (Mana, bool) {
	left := pool
	for _, s := range c.Symbols {
		switch {
		case s.X:
			return Mana{}, false
		case s.Colorless:
			if !left.take(0) {
				return Mana{}, false
			}
		case s.Color.Count() == 1 && !s.Phyrexian && s.Generic == 0:
			if !left.take(s.Color) {
				return Mana{}, false
			}
		}
	}
	for _, s := range c.Symbols {
		if !s.Snow {
			continue
		}
		best, n := Color(0), left.SnowOf(0)
		for _, col := range manaTypes[:5] {
			if left.SnowOf(col) > n {
				best, n = col, left.SnowOf(col)
			}
		}
		if !left.takeSnow(best) {
			return Mana{}, false
		}
	}
	need := c.Generic()
	for _, s := range c.Symbols {
		if s.Color.Count() == 1 && (s.Phyrexian || s.Generic > 0) {
			// {W/P} or {2/W}: the colour if the pool has it; otherwise
			// {2/W} costs two generic, and {W/P} 2 life, which only the
			// script's choice pays.
			if left.take(s.Color) {
				continue
			} else if s.Generic > 0 {
				need += s.Generic
			} else {
				return Mana{}, false
			}
			continue
		}
		if s.Color.Count() == 2 {
			best, n := Color(0), 0
			for _, col := range s.Color.Colors() {
				if left.Of(col) > n {
					best, n = col, left.Of(col)
				}
			}
			if best == 0 {
				return Mana{}, false
			}
			left.take(best)
		}
	}
	for _, col := range []Color{0, White, Blue, Black, Red, Green} {
		for need > 0 && left.take(col) {
			need--
		}
	}
	if need > 0 {
		return Mana{}, false
	}
	spent := Mana{W: pool.W - left.W, U: pool.U - left.U, B: pool.B - left.B, R: pool.R - left.R, G: pool.G - left.G, C: pool.C - left.C}
	for i := range spent.Snow {
		spent.Snow[i] = pool.Snow[i] - left.Snow[i]
	}
	return spent, true
}
