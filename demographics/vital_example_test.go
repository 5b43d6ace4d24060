package demographics_test

import (
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/rng"
)

// An ABM's vital dynamics from a user's tables: initial ages from a
// pyramid, each person's day of death from a mortality table along their
// cohort, and the birth rate of the start date.
func Example_vitalTables() {
	pyramid, err := demographics.ReadAgeDistributionCSV(strings.NewReader(
		"age_min,age_max,count\n0,5,30\n5,20,50\n20,60,80\n60,100,10\n"), "pyramid.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	deaths, err := demographics.ReadMortalityCSV(strings.NewReader(
		"year_min,year_max,age_min,age_max,mx\n"+
			"2000,2010,0,5,0.02\n2000,2010,5,60,0.004\n2000,2010,60,100,0.05\n"+
			"2010,2020,0,5,0.01\n2010,2020,5,60,0.003\n2010,2020,60,100,0.04\n"), "deaths.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	births, err := demographics.ReadFertilityCSV(strings.NewReader("year_min,year_max,cbr\n2000,2010,36.5\n2010,2020,29.2\n"), "births.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	const start = 2005.0
	src := rng.NewSource(1, "example", 0)
	// The first person reaches the table's last age, 100 years: 10348 +
	// 26152 = 36500 days.
	for range 3 {
		age := pyramid.Sample(src)
		left := deaths.DeathAfter(src, age, start)
		fmt.Printf("aged %5d days, dies %5d days later\n", age, left)

	}
	rate, err := births.BirthRateAt(start)
	fmt.Printf("births per 1000 per day in %g: %.2f (%v)\n", start, rate*1000, err)
	_, err = births.BirthRateAt(2021)
	fmt.Println(err)
	_, err = demographics.ReadMortalityCSV(strings.NewReader("year_min,year_max,age_min,age_max,mx\n2000,2010,0,5,1\n2000,2010,10,100,1\n"), "deaths.csv")
	fmt.Println(err)
	// Output:
	// aged 10348 days, dies 26152 days later
	// aged  1398 days, dies  4837 days later
	// aged  1137 days, dies 24848 days later
	// births per 1000 per day in 2005: 0.10 (<nil>)
	// demographics: fertility table: year out of range: 2021, expected a year from 2000 to 2020 (the years of the data)
	// deaths.csv: row 2, column "age_min": bad mortality table: gap: 5 to 10 is covered by no row (row 1 ends at 5, the next age_min is 10)
}
