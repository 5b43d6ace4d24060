// Command customphase adds a user phase and a user tracker to the standard
// schedule.
//
// WaningImmunity (waning.go) moves recovered people back to S at a per-tick
// rate, drawing from its own random streams, block by block; it is placed
// right after Infection. Two trackers (tracker.go) are built on the tracker
// kit (metrics.Kit: a declaration and a per-tick function each):
// SusceptibleTracker records the total number of susceptibles and people
// each tick, SusceptibleShare the share of susceptibles per grid row every
// other tick, as float values. The program runs the standard schedule and
// the schedule with waning on the same scenario and seed and prints the
// final number of susceptibles of both, then both trackers' tidy CSVs
// (metrics.WriteTidyCSV) for the waning run.
package main
