// Package wppages holds the age grid of the UN World Population Prospects
// tables (SPEC §10.1): the day count of their years, the oldest age, the
// ages in days of the mortality rows and the five-year bands they start.
// Package demographics builds its tables on it; package metrics takes its
// default age-pyramid bins and the agent-based processes their age bound
// from it, without depending on demographics' loaders.
package wppages
