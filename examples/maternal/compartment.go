package main

import "github.com/rubeola/rubeola/ecs"

// Maternal is the component type of the M compartment: one count per
// patch of infants protected by maternal antibodies.
type Maternal int64

// MaternalState is M's state name.
const MaternalState = "M"

// MaternalRoles are M's roles: in N, dies, not susceptible (see the
// package doc for why σ = 0).
var MaternalRoles = ecs.Roles{InPopulation: true, Dies: true}

// MaternalCompartment declares M with its roles; pass it to
// model.WithCompartments (or register it, register.go).
var MaternalCompartment = ecs.NewCompartment[Maternal](MaternalState).WithRoles(MaternalRoles)
