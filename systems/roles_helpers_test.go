package systems_test

import (
	"testing"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/systems/internal/systest"
)

// worldWith returns a one-patch world (population 0) declaring M with
// roles.
func worldWith(t *testing.T, roles ecs.Roles) *ecs.World {
	t.Helper()
	return systest.WorldWithN(t, 1, roles)
}

// worldWithN is systest.WorldWithN.
var worldWithN = systest.WorldWithN

// colOf is systest.ColOf.
var colOf = systest.ColOf

// roleM is the component type of the test compartment M.
type roleM = systest.RoleM
