// Command customphase adds a user phase and a user tracker to the standard
// schedule.
//
// WaningImmunity (waning.go) moves recovered people back to S at a per-tick
// rate, drawing from its own random streams, block by block; it is placed
// right after Infection. SusceptibleTracker (tracker.go) records the total
// number of susceptibles each tick and is exported as a tidy CSV with
// metrics.WriteTidyCSV. The program runs the standard schedule and the
// schedule with waning on the same scenario and seed and prints the final
// number of susceptibles of both, then the tracker's CSV for the waning run.
package main
