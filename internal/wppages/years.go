package wppages

// FirstYear and LastYear are the first and last years of the population
// prospects' tables (estimates from 1950, projections to 2100, every five
// years; a year between two tables interpolates). A model's WPP year is
// checked against them before anything is downloaded (issue 37 item 6).
const (
	FirstYear = 1950
	LastYear  = 2100
)
