package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/demographics/shapefile"
)

func newShapefileCmd(stdout, stderr io.Writer) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "shapefile",
		Short: "Administrative shapefiles: DOTNAME labels and GADM downloads",
	}
	cmd.AddCommand(newDotnameCmd(stdout), newDownloadCmd(stdout, stderr))
	return cmd
}

// dotnameFlags are the flags of `rubeola shapefile dotname`.
type dotnameFlags struct {
	fields    string
	inPlace   bool
	symbol    string
	suffix    string
	fieldName string
}

func newDotnameCmd(stdout io.Writer) *cobra.Command {
	var f dotnameFlags
	cmd := &cobra.Command{
		Use:   "dotname FILE.shp --fields A,B,C [--inplace]",
		Short: "Add a DOTNAME field (lower-case, colon-joined names) to a shapefile",
		Long: "Add a DOTNAME field joining the given character fields, lower-cased, with ':' (e.g.\n" +
			"nigeria:kano:dala). Without --inplace the result is written beside the input as\n" +
			"<stem>_dotname.shp/.shx/.dbf and the input is untouched. A file that already has the\n" +
			"field is left unchanged.",
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			fields := splitList(f.fields)
			if len(fields) == 0 {
				return invalid(errors.New("shapefile dotname: --fields A,B,C is required"))
			}
			opts := []demographics.DotnameOption{
				demographics.WithSymbol(f.symbol),
				demographics.WithSuffix(f.suffix),
				demographics.WithFieldName(f.fieldName),
			}
			if f.inPlace {
				opts = append(opts, demographics.InPlace())
			}
			out, err := demographics.AddDotname(args[0], fields, opts...)
			if err != nil {
				return classify(err)
			}
			fmt.Fprintf(stdout, "%s: field %s ready\n", out, f.fieldName)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.fields, "fields", "", "comma-separated DBF fields to join, in order")
	fl.BoolVar(&f.inPlace, "inplace", false, "replace the input files instead of writing <stem>_<suffix> side files")
	fl.StringVar(&f.symbol, "symbol", ":", "separator between the joined fields")
	fl.StringVar(&f.suffix, "suffix", "dotname", "suffix of the side files")
	fl.StringVar(&f.fieldName, "field-name", "DOTNAME", "name of the new field")
	return cmd
}

// downloadFlags are the flags of `rubeola shapefile download`.
type downloadFlags struct {
	dir        string
	timeout    time.Duration
	mirror     string
	force      bool
	noProgress bool
	verbose    bool
}

func newDownloadCmd(stdout, stderr io.Writer) *cobra.Command {
	var f downloadFlags
	cmd := &cobra.Command{
		Use:   "download ISO3 LEVEL [--dir D] [--timeout 60s]",
		Short: "Download a GADM 4.1 administrative shapefile and add DOTNAME",
		Long: "Download gadm41_<ISO3>_shp.zip from GADM (or $RUBEOLA_GADM_MIRROR / --mirror), extract\n" +
			"it safely into --dir (default ./<ISO3>) and add the DOTNAME field for LEVEL (0–5).\n" +
			"An existing gadm41_<ISO3>_<LEVEL>.shp in the directory is reused unless --force.\n" +
			"GADM data are free for non-commercial use only.",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			level, err := strconv.Atoi(args[1])
			if err != nil {
				return invalid(fmt.Errorf("shapefile download: LEVEL %q is not an integer", args[1]))
			}
			if _, err := shapefile.LevelFields(level); err != nil {
				return invalid(fmt.Errorf("shapefile download: %w", err))
			}
			if f.timeout <= 0 {
				return invalid(fmt.Errorf("shapefile download: --timeout must be > 0, got %s", f.timeout))
			}
			opts := []demographics.DownloadOption{demographics.WithProgress(progressTo(stderr, f.noProgress)),
				demographics.WithLogger(logger(stderr, f.verbose))}
			if f.mirror != "" {
				opts = append(opts, demographics.WithMirror(f.mirror))
			}
			if !f.force {
				opts = append(opts, demographics.WithReuse())
			}
			shp, err := demographics.Download(cmd.Context(), args[0], level, f.dir, f.timeout, opts...)
			if err != nil {
				return classify(err)
			}
			fmt.Fprintf(stdout, "%s: level %d, DOTNAME fields %s\n", shp.Shapefile, level, strings.Join(shp.DotnameFields, ", "))
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.dir, "dir", "", "target directory (default ./<ISO3>)")
	fl.DurationVar(&f.timeout, "timeout", demographics.DefaultTimeout, "longest silence allowed while connecting or downloading")
	fl.StringVar(&f.mirror, "mirror", "", "GADM mirror base URL (default $RUBEOLA_GADM_MIRROR or https://geodata.ucdavis.edu)")
	fl.BoolVar(&f.force, "force", false, "download again even if the shapefile is already in --dir")
	fl.BoolVar(&f.noProgress, "no-progress", false, "do not draw the download progress bar")
	fl.BoolVar(&f.verbose, "verbose", false, "log the download (or the reuse of an earlier one) on stderr")
	return cmd
}

// splitList splits a comma-separated flag value, trimming blanks.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
