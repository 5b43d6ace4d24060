// Package systest holds the test fixtures the tests of package systems and
// of its model families (systems/compartmental, systems/abm) share: a
// one-compartment world with roles, a school-terms season and must. Only
// tests import it.
package systest
