package serve_test

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/crules/crules"
	"github.com/crules/crules/serve"
)

func Example() {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer lib.Close()
	ts := httptest.NewServer(serve.New(lib, nil).Handler())
	defer ts.Close()

	for _, path := range []string{"/api/rules/702.47a?rev=2005", "/api/glossary/mana%20value?rev=2005", "/api/rules/trample", "/api/rules/702.47z9"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			log.Fatal(err)
		}
		var v map[string]any
		json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		fmt.Println(resp.StatusCode, v["id"], v["term"], v["asked"], v["error"])
	}
	// Output:
	// 200 502.40a <nil> 702.47a <nil>
	// 200 <nil> Converted Mana Cost mana value <nil>
	// 200 702.19 <nil> <nil> <nil>
	// 400 <nil> <nil> <nil> col 8: "9" is not a rule number (accepted forms: 7, 702, 702.47, 702.47a, 702.47A, 702.47., 601.2f–h, 601.2f-601.2h, CR 702.47a, §702.47a, rule 702.47a, rules 702.47a and 702.47b)
}
