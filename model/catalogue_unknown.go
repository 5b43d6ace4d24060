package model

import (
	"fmt"

	"github.com/rubeola/rubeola/internal/echo"
	"github.com/rubeola/rubeola/params"
)

// UnknownComponentTypeError explains why name is not a component of model
// type mt (a run file's [[phases]] type, prefixed by the caller with its
// key path): it is registered for another model type (say which, and the
// model key to set), it is unknown (the closest name registered for mt as a
// hint) or nothing is close (docs/components.md lists the components).
func UnknownComponentTypeError(mt, name string) error {
	if other := otherScope(mt, name); other == patchModels {
		return fmt.Errorf("%s moves patch counts: it is a component of the patch models (biweekly, compartmental), not of the %s model, whose counts are its agents'", echo.Quote(name), mt)
	} else if other != "" {
		return fmt.Errorf("%s is a component of the %s model, not of the %s model (set model = %q)", echo.Quote(name), other, mt, other)
	}
	msg := "unknown component type " + echo.Quote(name)
	if s := params.Suggest(name, componentTypeNames(mt)); s != "" {
		return fmt.Errorf("%s (did you mean %q?)", msg, s)
	}
	return fmt.Errorf("%s (see docs/components.md)", msg)
}
