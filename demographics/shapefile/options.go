package shapefile

// DotnameOption changes how AddDotname names or writes DOTNAMEs.
type DotnameOption func(*dotnameConfig)

type dotnameConfig struct {
	symbol    string // joins the fields
	suffix    string // side files are <stem>_<suffix>.*
	fieldName string // the new DBF field
	inPlace   bool
}

func defaultDotnameConfig() dotnameConfig {
	return dotnameConfig{symbol: ":", suffix: "dotname", fieldName: dotnameField}
}

// WithSymbol sets the separator between the joined fields (default ":").
func WithSymbol(s string) DotnameOption { return func(c *dotnameConfig) { c.symbol = s } }

// WithSuffix sets the suffix of the written copy, <stem>_<suffix>.shp
// (default "dotname").
func WithSuffix(s string) DotnameOption { return func(c *dotnameConfig) { c.suffix = s } }

// InPlace makes AddDotname replace the original .shp, .shx and .dbf instead
// of writing a copy.
func InPlace() DotnameOption { return func(c *dotnameConfig) { c.inPlace = true } }

// WithFieldName sets the name of the added field (default "DOTNAME"; 1 to
// 10 ASCII bytes).
func WithFieldName(name string) DotnameOption { return func(c *dotnameConfig) { c.fieldName = name } }
