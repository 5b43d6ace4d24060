// Package wppages holds the age grid of the UN World Population Prospects
// tables (SPEC §10.1): the ages in days of the mortality rows and the
// five-year bands they start. Package demographics builds its tables on it
// and package metrics takes its default age-pyramid bins from it, without
// metrics depending on demographics' loaders.
package wppages
