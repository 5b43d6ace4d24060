package scenario_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/rubeola/rubeola/scenario"
)

func ExampleReadCSV() {
	const in = "id,pop,lat,lon,mcv1,admin\n" +
		"ng:kano,1000,12.0,8.5,0.6,KN\n" +
		"ng:lagos,2000,6.5,3.4,0.8,LA\n"
	t, err := scenario.ReadCSV(strings.NewReader(in))
	if err != nil {
		fmt.Println(err)
		return
	}
	i, _ := t.Index("ng:lagos")
	admin, _ := t.Extra("admin")
	fmt.Println(t.Len(), t.TotalPop(), i, admin)
	// Output: 2 3000 1 [KN LA]
}

func ExampleReadCSV_errors() {
	const in = "id,pop,lat,lon,mcv1\n" +
		"lagos,12a,6.5,3.4,0.8\n" +
		"lagos,100,91.2,3.4,85\n"
	_, err := scenario.ReadCSV(strings.NewReader(in))
	fmt.Println(err)
	// Output:
	// row 1, column "pop": "12a" is not an integer
	// row 2, column "id": "lagos" duplicates row 1
	// row 2, column "lat": "91.2": must be in [-90, 90]
	// row 2, column "mcv1": "85": must be in [0, 1]
}

func ExampleTable_WriteCSV() {
	t, err := scenario.TwoPatch(100000, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := t.WriteCSV(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// id,pop,lat,lon,mcv1
	// patch_1,100000,40,4,0
	// patch_2,50000,34,10,0
}

func ExampleGrid() {
	t, err := scenario.Grid(2, 3, 10000, scenario.DefaultGridOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.ID)
	// Output: [0:0 0:1 0:2 1:0 1:1 1:2]
}

func ExampleRandomN() {
	a, _ := scenario.RandomN(100, 7, 0)
	b, _ := scenario.RandomN(100, 7, 0)
	fmt.Println(a.Len(), a.ID[0], a.ID[99], a.TotalPop() == b.TotalPop())
	// Output: 100 patch_0 patch_99 true
}
