package shapefiletest

// Option adds a side file or a record flag to a fixture.
type Option func(*config)

type config struct {
	prj, cpg *string
	deleted  []int
}

// WGS84 is the .prj text of GADM's geographic lon/lat CRS.
const WGS84 = `GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]`

// WithPRJ writes text as the fixture's .prj.
func WithPRJ(text string) Option { return func(c *config) { c.prj = &text } }

// WithCPG writes text as the fixture's .cpg (its code page, e.g. "UTF-8").
// Without it no .cpg is written.
func WithCPG(text string) Option { return func(c *config) { c.cpg = &text } }

// WithDeleted flags record recordIdx (from 0) as deleted ('*'). It may be
// given several times.
func WithDeleted(recordIdx int) Option {
	return func(c *config) { c.deleted = append(c.deleted, recordIdx) }
}
