package plot

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/vg"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// Bounds of map.gif: at most maxFrames frames (longer runs are sampled:
// every k-th period, and the frames say so) and maxGIFBytes bytes (the
// sampling step is doubled until it fits).
const (
	maxFrames   = 300
	maxGIFBytes = 10 << 20
)

// GIF size and timing: gifW × gifH pixels, gifDelay hundredths of a
// second a frame (10 frames a second), the last frame held 2 s.
const (
	gifW, gifH = 640, 560
	gifDelay   = 10
	gifHold    = 200
	gifBarW    = 16 // colour bar width, pixels
	gifTop     = 34 // title lines, pixels
	gifRight   = 90 // colour bar and its labels, pixels
)

// Palette of map.gif: 0 transparent (a pixel unchanged since the frame
// before), then white, black, grey for lines, noneColor, and rampColors
// steps of the colour ramp.
const (
	gifTransparent = iota
	gifWhite
	gifBlack
	gifGrey
	gifNone
	gifRamp
	rampColors = 200
)

// gifPalette is map.gif's palette.
func gifPalette(cm *ramp) color.Palette {
	p := color.Palette{color.RGBA{}, color.RGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}, color.RGBA{A: 0xff},
		color.RGBA{R: 0x80, G: 0x80, B: 0x80, A: 0xff}, noneColor}
	for i := range rampColors {
		p = append(p, cm.colorAt(cm.min+(cm.max-cm.min)*float64(i)/(rampColors-1)))
	}
	return p
}

// gifStep is the sampling step of map.gif for a run of periods periods.
func gifStep(periods int) int { return max(1, (periods+maxFrames-1)/maxFrames) }

// writeMapGIF writes map.gif: the map of every step-th period, the date on
// each frame. The step starts at gifStep and doubles while the file is
// larger than maxGIFBytes.
func writeMapGIF(out io.Writer, d *mapdata.Data) error {
	m, ok := d.Incidence()
	if !ok {
		return fmt.Errorf("no cases and no I in %s", d.Dir)
	}
	all := make([]int, d.Periods())
	for k := range all {
		all[k] = k
	}
	v := newMapView(d, m, all)
	for step := gifStep(d.Periods()); ; step *= 2 {
		var buf bytes.Buffer
		if err := encodeMapGIF(&buf, v, step); err != nil {
			return err
		}
		if buf.Len() <= maxGIFBytes || step >= d.Periods() {
			_, err := out.Write(buf.Bytes())
			return err
		}
	}
}

// encodeMapGIF encodes the frames of every step-th period: the first
// whole, each later one as the rectangle of pixels that changed, the
// unchanged ones in it transparent.
func encodeMapGIF(w io.Writer, v *mapView, step int) error {
	pal := gifPalette(v.cmap)
	bounds := image.Rect(0, 0, gifW, gifH)
	prev := image.NewPaletted(bounds, pal)
	cur := image.NewPaletted(bounds, pal)
	g := &gif.GIF{Config: image.Config{ColorModel: pal, Width: gifW, Height: gifH}}
	layout := v.newGIFLayout(pal)
	var rates []float64
	var index []uint8
	for k := 0; k < v.d.Periods(); k += step {
		rates = mapRates(v.d, v.m, k, rates)
		index = v.drawFrame(cur, layout, k, step, rates, index)
		var frame *image.Paletted
		if len(g.Image) == 0 { // the first frame whole, a copy: cur is drawn over
			frame = image.NewPaletted(bounds, pal)
			copy(frame.Pix, cur.Pix)
		} else {
			frame = diffFrame(prev, cur)
		}
		g.Image = append(g.Image, frame)
		g.Delay = append(g.Delay, gifDelay)
		g.Disposal = append(g.Disposal, gif.DisposalNone)
		prev, cur = cur, prev
	}
	g.Delay[len(g.Delay)-1] = gifHold
	return gif.EncodeAll(w, g)
}

// diffFrame is the smallest rectangle of cur that differs from prev, its
// unchanged pixels transparent (a 1-pixel frame when nothing changed).
func diffFrame(prev, cur *image.Paletted) *image.Paletted {
	r := image.Rectangle{}
	b := cur.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := y * cur.Stride
		for x := b.Min.X; x < b.Max.X; x++ {
			if cur.Pix[row+x] != prev.Pix[row+x] {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if r.Empty() {
		r = image.Rect(0, 0, 1, 1)
	}
	f := image.NewPaletted(r, cur.Palette)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := y*cur.Stride + x
			c := uint8(gifTransparent)
			if cur.Pix[i] != prev.Pix[i] {
				c = cur.Pix[i]
			}
			f.Pix[f.PixOffset(x, y)] = c
		}
	}
	return f
}

// gifLayout is what every frame of map.gif shares: the background (title,
// colour bar, scale bar, footnote) and, per pixel, the place whose disc is
// on top there (−1: none), painted once; a frame then colours each pixel
// by its place's rate.
type gifLayout struct {
	background *image.Paletted
	owner      []int32
}

// newGIFLayout paints the layout of v's frames.
func (v *mapView) newGIFLayout(pal color.Palette) *gifLayout {
	bounds := image.Rect(0, 0, gifW, gifH)
	bg := image.NewPaletted(bounds, pal)
	for i := range bg.Pix {
		bg.Pix[i] = gifWhite
	}
	gifText(bg, 6, 13, mapTitle(v.d, v.m))
	mapW, mapH := gifW-gifRight, gifH-gifTop-30
	pad := discMaxShare * float64(min(mapW, mapH))
	scale, offX, offY := v.fit(vgLen(float64(mapW)-2*pad), vgLen(float64(mapH)-2*pad))
	// Discs are painted into an owner map: the place index + 1 in an
	// 8-bit-per-pixel image is too small, so a slice of int32.
	l := &gifLayout{background: bg, owner: make([]int32, gifW*gifH)}
	for i := range l.owner {
		l.owner[i] = -1
	}
	for _, i := range v.order {
		x := pad + float64(offX) + (v.d.Places.X[i]-v.minX)*float64(scale)
		y := float64(gifTop) + float64(mapH) - (pad + float64(offY) + (v.d.Places.Y[i]-v.minY)*float64(scale))
		r := math.Max(0.7, pad*math.Sqrt(v.d.Places.Pop[i]/v.maxPop))
		fillDisc(bounds, x, y, r, func(off int) { l.owner[off] = int32(i) })
	}
	v.drawGIFBar(bg)
	km := niceKm(float64(mapW) / 4 / float64(scale))
	n := int(km * float64(scale))
	y0 := gifH - 22
	for x := 8; x <= 8+n; x++ {
		bg.Pix[bg.PixOffset(x, y0)] = gifBlack
	}
	for y := y0 - 4; y <= y0; y++ {
		bg.Pix[bg.PixOffset(8, y)] = gifBlack
		bg.Pix[bg.PixOffset(8+n, y)] = gifBlack
	}
	gifText(bg, 12+n, y0+4, fmt.Sprintf("%g km", km))
	gifText(bg, 6, gifH-4, strings.ReplaceAll(v.d.Projection.Name(), "°", " ")+"; disc area ~ population")
	return l
}

// drawFrame paints period k's map into img: the layout, each disc in its
// place's colour, the date; it returns index (the palette index of each
// place), reused.
func (v *mapView) drawFrame(img *image.Paletted, l *gifLayout, k, step int, rates []float64, index []uint8) []uint8 {
	index = index[:0]
	for _, r := range rates {
		index = append(index, v.rateIndex(r))
	}
	copy(img.Pix, l.background.Pix)
	for p, o := range l.owner {
		if o >= 0 {
			img.Pix[p] = index[o]
		}
	}
	gifText(img, 6, 28, gifCaption(v.d, k, step))
	return index
}

// gifCaption is the second line of frame k: its date and, when periods are
// sampled, which.
func gifCaption(d *mapdata.Data, k, step int) string {
	s := d.Dates[k].Format("2 Jan 2006")
	if step > 1 {
		s += fmt.Sprintf("   (every %d%s %s shown: %d frames for %d %s)", step, ordinalSuffix(step), singular(periodUnit(d)),
			(d.Periods()+step-1)/step, d.Periods(), periodUnit(d))
	}
	return s
}

// rateIndex is the palette index of a rate per 100 000.
func (v *mapView) rateIndex(r float64) uint8 {
	if !(r > 0) {
		return gifNone
	}
	f := (math.Log10(r) - v.cmap.min) / (v.cmap.max - v.cmap.min)
	return uint8(gifRamp + int(math.Round(math.Min(1, math.Max(0, f))*(rampColors-1))))
}

// drawGIFBar draws the colour bar at the right with decade labels.
func (v *mapView) drawGIFBar(img *image.Paletted) {
	x0, y0, y1 := gifW-gifRight+10, gifTop+20, gifH-60
	for y := y0; y <= y1; y++ {
		f := float64(y1-y) / float64(y1-y0)
		c := uint8(gifRamp + int(math.Round(f*(rampColors-1))))
		for x := x0; x < x0+gifBarW; x++ {
			img.Pix[img.PixOffset(x, y)] = c
		}
	}
	for _, t := range decadeTicks(v.cmap.min, v.cmap.max) {
		if t.Label == "" {
			continue
		}
		y := y1 - int(math.Round((t.Value-v.cmap.min)/(v.cmap.max-v.cmap.min)*float64(y1-y0)))
		for x := x0 + gifBarW; x < x0+gifBarW+4; x++ {
			img.Pix[img.PixOffset(x, y)] = gifBlack
		}
		gifText(img, x0+gifBarW+6, y+4, t.Label)
	}
	gifText(img, x0-4, y0-8, "per 100k")
	fillDisc(img.Bounds(), float64(x0+gifBarW/2), float64(y1+16), 5, func(off int) { img.Pix[off] = gifNone })
	gifText(img, x0+gifBarW+6, y1+20, "none")
}

// fillDisc calls set with the pixel offset (in an image of bounds b
// starting at 0, 0) of every pixel of the disc of radius r pixels at (cx,
// cy); a disc smaller than a pixel sets its centre pixel.
func fillDisc(b image.Rectangle, cx, cy, r float64, set func(off int)) {
	w := b.Dx()
	if x, y := int(cx), int(cy); r < 1 && image.Pt(x, y).In(b) {
		set(y*w + x)
	}
	for y := max(b.Min.Y, int(math.Floor(cy-r))); y <= min(b.Max.Y-1, int(math.Ceil(cy+r))); y++ {
		dy := float64(y) + 0.5 - cy
		if dy*dy > r*r {
			continue
		}
		half := math.Sqrt(r*r - dy*dy)
		for x := max(b.Min.X, int(math.Round(cx-half))); x <= min(b.Max.X-1, int(math.Round(cx+half))-1); x++ {
			set(y*w + x)
		}
	}
}

// gifText writes s in black with its baseline at (x, y).
func gifText(img *image.Paletted, x, y int, s string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(img.Palette[gifBlack]), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// ordinalSuffix is the English suffix of n: st, nd, rd, th.
func ordinalSuffix(n int) string {
	if n%100 >= 11 && n%100 <= 13 {
		return "th"
	}
	switch n % 10 {
	case 1:
		return "st"
	case 2:
		return "nd"
	case 3:
		return "rd"
	}
	return "th"
}

// singular drops a plural's s: "weeks" → "week" ("periods of 3 days" →
// "period of 3 days").
func singular(s string) string {
	if len(s) > 8 && s[:8] == "periods " {
		return "period " + s[8:]
	}
	if len(s) > 0 && s[len(s)-1] == 's' {
		return s[:len(s)-1]
	}
	return s
}

// vgLen converts pixels to the lengths mapView.fit takes (one unit each).
func vgLen(px float64) vg.Length { return vg.Length(px) }
