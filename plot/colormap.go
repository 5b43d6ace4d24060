package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/palette"
)

// rampStops is ColorBrewer's sequential YlOrRd scheme (Brewer 2002,
// colorbrewer2.org; 9 classes) without its lightest class, so that the
// smallest positive value still stands out from the white of zero.
var rampStops = []color.RGBA{
	rgb(0xffeda0), rgb(0xfed976), rgb(0xfeb24c), rgb(0xfd8d3c),
	rgb(0xfc4e2a), rgb(0xe31a1c), rgb(0xbd0026), rgb(0x800026),
}

// zeroColor is the colour of a zero in the heat-map.
var zeroColor = color.RGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}

// ramp is a continuous colour map over [min, max] interpolating rampStops
// linearly in RGB; it implements palette.ColorMap for the colour bar.
type ramp struct {
	min, max float64
}

var _ palette.ColorMap = (*ramp)(nil)

// colorAt is the colour of v (clamped to the range).
func (r *ramp) colorAt(v float64) color.RGBA {
	f := 0.0
	if r.max > r.min {
		f = (v - r.min) / (r.max - r.min)
	}
	f = math.Min(1, math.Max(0, f)) * float64(len(rampStops)-1)
	i := min(int(f), len(rampStops)-2)
	w := f - float64(i)
	a, b := rampStops[i], rampStops[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-w) + float64(y)*w)) }
	return color.RGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 0xff}
}

// At implements palette.ColorMap.
func (r *ramp) At(v float64) (color.Color, error) {
	if math.IsNaN(v) {
		return nil, fmt.Errorf("ramp: NaN")
	}
	return r.colorAt(v), nil
}

// Max implements palette.ColorMap.
func (r *ramp) Max() float64 { return r.max }

// Min implements palette.ColorMap.
func (r *ramp) Min() float64 { return r.min }

// SetMax implements palette.ColorMap.
func (r *ramp) SetMax(v float64) { r.max = v }

// SetMin implements palette.ColorMap.
func (r *ramp) SetMin(v float64) { r.min = v }

// Alpha implements palette.ColorMap (the ramp is opaque).
func (r *ramp) Alpha() float64 { return 1 }

// SetAlpha implements palette.ColorMap; the ramp stays opaque.
func (r *ramp) SetAlpha(float64) {}

// Palette implements palette.ColorMap: n colours evenly over the range.
func (r *ramp) Palette(n int) palette.Palette {
	cs := make([]color.Color, n)
	for i := range cs {
		v := r.min
		if n > 1 {
			v += (r.max - r.min) * float64(i) / float64(n-1)
		}
		cs[i] = r.colorAt(v)
	}
	return plainPalette(cs)
}

// plainPalette is a palette.Palette of fixed colours.
type plainPalette []color.Color

// Colors implements palette.Palette.
func (p plainPalette) Colors() []color.Color { return p }
