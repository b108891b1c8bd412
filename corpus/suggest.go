package corpus

import (
	"sort"
	"strconv"
	"strings"
	"time"
)

// RevisionForms names the selectors Select accepts, for messages.
const RevisionForms = "latest, first, YYYY, YYYY-MM or YYYY-MM-DD, each with an optional ~N for the Nth revision before it (latest~1, 2006-10-01~2)"

// Suggest lists the revisions a selector that Select does not know may have
// meant, oldest first. A date-like selector is read as far as it is a
// valid date and answered by date: "2005-13" and "2005" give the
// revisions of 2005, "2005-02" those of February 2005 or else the two
// either side of it, "2005-02-30" and "1850-01-01" the two either side of
// the date. Anything else ("banana") gives nil: no date is nearer than
// another, and the accepted forms are the better answer.
func (a *Archive) Suggest(sel string) []string {
	year, month, day, ok := dateFields(sel)
	if !ok {
		return nil
	}
	var names []string
	in := func(prefix string) []string {
		var out []string
		for _, r := range a.revs {
			if strings.HasPrefix(r.Name(), prefix) {
				out = append(out, r.Name())
			}
		}
		return out
	}
	switch {
	case month < 1 || month > 12:
		names, month, day = in(strconv.Itoa(year)), 7, 1
	case day < 1 || day > daysIn(year, month):
		names, day = in(time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC).Format("2006-01")), 15
	}
	if len(names) > 0 {
		return names
	}
	t := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	i := sort.Search(len(a.revs), func(i int) bool { return !a.revs[i].Date.Before(t) })
	for j := max(0, i-2); j < min(len(a.revs), i+2); j++ {
		names = append(names, a.revs[j].Name())
	}
	return names
}

// dateFields reads a selector shaped like a date, YYYY, YYYY-M[M] or
// YYYY-M[M]-D[D] (a "CR-" prefix and ".txt" suffix aside), into numbers
// that need not be a valid month or day; 0 for a field it lacks.
func dateFields(sel string) (year, month, day int, ok bool) {
	s := strings.ToLower(strings.TrimSpace(sel))
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(s, "cr-"), "cr"), ".txt")
	f := strings.Split(s, "-")
	if len(f) > 3 || len(f[0]) != 4 {
		return 0, 0, 0, false
	}
	var n [3]int
	for i, x := range f {
		v, err := strconv.Atoi(x)
		if err != nil || x == "" || len(x) > 2 && i > 0 || x[0] == '+' {
			return 0, 0, 0, false
		}
		n[i] = v
	}
	return n[0], n[1], n[2], true
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}
