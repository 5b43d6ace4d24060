package main

import "github.com/rubeola/rubeola/ecs"

// Waning is the component type of the W compartment: one count per patch
// of people whose immunity is waning (no longer counted in R, not yet
// susceptible). Being this program's own type, it is stored as its own
// column of the patch world.
type Waning int64

// WaningState is the W compartment's state name (the "state" value of its
// rows in states.csv, its key in snapshots).
const WaningState = "W"

// WaningCompartment declares W; pass it to model.WithCompartments.
var WaningCompartment = ecs.NewCompartment[Waning](WaningState)
