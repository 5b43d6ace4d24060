package shapefile_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

// ExampleAddDotname labels a GADM-style level-2 file and reads the labels
// back.
func ExampleAddDotname() {
	dir, err := os.MkdirTemp("", "dotname")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	path := filepath.Join(dir, "gadm41_NGA_2.shp")
	fields := []shapefile.Field{{Name: "COUNTRY", Type: 'C'}, {Name: "NAME_1", Type: 'C'}, {Name: "NAME_2", Type: 'C'}}
	rows := [][]any{{"Nigeria", "Kano", "Dala"}, {"Nigeria", "Kano", "Fagge"}}
	shapes := []shapefile.Shape{
		shapefiletest.Polygon(shapefiletest.Box(8.4, 11.9, 8.5, 12.0)),
		shapefiletest.Polygon(shapefiletest.Box(8.5, 11.9, 8.6, 12.0)),
	}
	if err := shapefiletest.WritePolygons(path, fields, rows, shapes); err != nil {
		fmt.Println(err)
		return
	}

	out, err := shapefile.AddDotname(path, []string{"COUNTRY", "NAME_1", "NAME_2"})
	if err != nil {
		fmt.Println(err)
		return
	}
	table, err := shapefile.ReadShapefile(out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(filepath.Base(out))
	for _, f := range table.Features {
		fmt.Println(f.Dotname)
	}
	// Output:
	// gadm41_NGA_2_dotname.shp
	// nigeria:kano:dala
	// nigeria:kano:fagge
}
