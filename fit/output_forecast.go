package fit

import (
	"strconv"
	"time"
)

// ForecastFile is the name of the file [Output.Forecast] writes.
const ForecastFile = "forecast.csv"

// Forecast writes forecast.csv, one row per place and forecast date (tidy
// long): place,date,horizon (report periods past the last report, from
// 1),report (the data's report on that date, NA for none) and the
// quantiles q025 … q975 of the forecast reports.
func (o *Output) Forecast(fc *Forecast) error {
	header := append([]string{"place", "date", "horizon", "report"}, SimulationColumns...)
	return o.writeCSV(ForecastFile, header, func(emit func([]string) error) error {
		for p, place := range fc.Places {
			for h, d := range fc.Dates {
				row := []string{place, d.Format(time.DateOnly), strconv.Itoa(h + 1), csvReport(fc.Observed[p][h])}
				for _, x := range fc.Quantiles[p][h] {
					row = append(row, csvFloat(x))
				}
				if err := emit(row); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
