package demographics_test

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/rubeola/rubeola/demographics"
)

// ExampleNewPopProspects reads a country's population prospects. Here a
// local server stands in for the UN's bulk file (a tiny CSV in which every
// age group of country "AAA" holds 1 234.5 thousand persons every year); real
// code usually passes no options: the WPP 2022 file is downloaded once and
// cached under the user's cache directory.
func ExampleNewPopProspects() {
	var csv strings.Builder
	csv.WriteString("LocID,Location,LocTypeName,ISO3_code,Variant,Time,AgeGrpStart,PopTotal\n")
	for year := 1950; year <= 2100; year += 5 {
		for age := 0; age <= 100; age += 5 {
			fmt.Fprintf(&csv, "1,Aaa,Country/Area,AAA,Medium,%d,%d,1234.5\n", year, age)
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, csv.String())
	}))
	defer srv.Close()
	cache, err := os.MkdirTemp("", "wpp-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(cache)

	pp, err := demographics.NewPopProspects("aaa",
		demographics.WithURL(srv.URL+"/wpp.csv"),
		demographics.WithCacheDir(cache),
		demographics.WithProgress(io.Discard))
	if err != nil {
		log.Fatal(err)
	}
	pyramid, err := pp.PopulationPyramid(2023.5)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(pp.CountryCode, len(pp.YearVec), "years,", len(pp.PopMat), "age bins")
	fmt.Printf("0-4 year olds in 1950: %.1f\n", pp.PopMat[0][0])
	fmt.Printf("0-4 year olds in mid-2023: %.1f\n", pyramid[0])
	_, err = pp.PopulationPyramid(2101)
	fmt.Println(err)
	// Output:
	// AAA 31 years, 21 age bins
	// 0-4 year olds in 1950: 1235000.1
	// 0-4 year olds in mid-2023: 1235000.1
	// demographics: population pyramid of AAA: year out of range: Year is after the last year in the WPP data (2101 > 2100)
}
