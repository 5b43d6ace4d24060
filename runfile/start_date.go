package runfile

import (
	"fmt"
	"time"

	"github.com/rubeola/rubeola/internal/tomlx"
)

// decodeStartDate decodes `start_date = "YYYY-MM-DD"`: the run's first
// day, any day of the month (a fit's model starts one report period before
// the first report; [params] start_time keeps only the month). Pass it to
// [model.WithStartDate].
func (rf *File) decodeStartDate(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("start_date: expected a date string \"YYYY-MM-DD\", got %s", tomlx.Type(v))
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return fmt.Errorf("start_date: %q is not a YYYY-MM-DD date", s)
	}
	rf.StartDate = d
	return nil
}
