package abm

import (
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/snapstate"
)

// The snapshot state of the agent-based model's immunity phases and of
// the WPP demography (SPEC §9). Their calendars are saved with the agent
// table, and the doses given with the model (agents.Doses): RestoreState
// attaches to the restored calendars and never schedules an agent again.

var (
	_ phases.Snapshotter = (*MaternalImmunity)(nil)
	_ phases.Snapshotter = (*RoutineImmunization)(nil)
	_ phases.Snapshotter = (*ABMSIACalendar)(nil)
	_ phases.Snapshotter = (*WPPVitalDynamics)(nil)
)

// maternalState is MaternalImmunity's saved state.
type maternalState struct {
	// Census is the day of the last listing of mothers.
	Census int32 `json:"census"`
	// Mothers are each patch's listed agents, in listing order (a
	// newborn's mother is drawn by her index), which is increasing id
	// order: per patch the ids' differences (the first from −1) as
	// unsigned varints, base64 in the JSON (about 1.5 bytes per mother
	// instead of a decimal number each).
	Mothers [][]byte `json:"mothers"`
	// Wane are the agents whose end of protection can still fire (its day
	// on or after the calendar's next day), as pairs [id, day] by id; the
	// column's other values never match a day the calendar fires again.
	Wane [][2]int64 `json:"wane"`
}

// SnapshotState returns the listing (its day and the mothers) and the
// pending ends of protection of the phase's column.
func (c *MaternalImmunity) SnapshotState() (json.RawMessage, error) {
	st := maternalState{Census: c.census, Mothers: make([][]byte, len(c.mothers)), Wane: [][2]int64{}}
	for j, list := range c.mothers {
		st.Mothers[j] = encodeIncreasing(list)
	}
	now := c.cal.Now()
	for id, day := range c.wane[:c.t.Len()] {
		if day >= now && day != agents.NoDeath {
			st.Wane = append(st.Wane, [2]int64{int64(id), int64(day)})
		}
	}
	return json.Marshal(st)
}

// RestoreState attaches to the restored table and maternal calendar (its
// pending ends of protection) and loads the listing and the column; no
// infant is protected again. Ids must be rows of the table (a listed
// mother may have died or her row been reused since the listing, as in
// the uninterrupted run).
func (c *MaternalImmunity) RestoreState(m phases.Model, state json.RawMessage) error {
	var st maternalState
	if err := snapstate.Decode(MaternalImmunityName, state, &st); err != nil {
		return err
	}
	t, err := agents.Of(m.World())
	if err != nil {
		return fmt.Errorf("%s: %w", MaternalImmunityName, err)
	}
	if err := c.attach(m, t); err != nil {
		return err
	}
	if err := snapstate.CheckLen(MaternalImmunityName, "mothers", len(st.Mothers), t.Patches()); err != nil {
		return err
	}
	for j, data := range st.Mothers {
		list, err := decodeIncreasing(data, t.Len(), c.mothers[j])
		if err != nil {
			return fmt.Errorf("%s: snapshot state: mothers[%d]: %w", MaternalImmunityName, j, err)
		}
		c.mothers[j] = list
	}
	for k, w := range st.Wane {
		if w[0] < 0 || w[0] >= int64(t.Len()) || w[1] < int64(c.cal.Now()) || w[1] >= int64(agents.NoDeath) {
			return fmt.Errorf("%s: snapshot state: wane[%d] = %v: want an agent < %d and a day from %d on", MaternalImmunityName, k, w, t.Len(), c.cal.Now())
		}
		c.wane[w[0]] = int32(w[1])
	}
	c.census = st.Census
	reserveBirths(countInfants(t, int32(m.Tick())), c.cal)
	return nil
}

// encodeIncreasing encodes increasing ids as the unsigned varints of
// their differences, the first from −1.
func encodeIncreasing(ids []uint32) []byte {
	out := make([]byte, 0, len(ids)+len(ids)/2)
	prev := int64(-1)
	for _, id := range ids {
		out = binary.AppendUvarint(out, uint64(int64(id)-prev))
		prev = int64(id)
	}
	return out
}

// decodeIncreasing decodes encodeIncreasing's data into dst[:0]: every
// difference ≥ 1 (ids increasing), every id < rows.
func decodeIncreasing(data []byte, rows int, dst []uint32) ([]uint32, error) {
	out, prev := dst[:0], int64(-1)
	for k := 0; len(data) > 0; k++ {
		d, n := binary.Uvarint(data)
		if n <= 0 || d == 0 || d > uint64(rows) || prev+int64(d) >= int64(rows) {
			return nil, fmt.Errorf("entry %d: not an increasing id below the %d rows of the agent table (a damaged varint or difference)", k, rows)
		}
		prev += int64(d)
		out = append(out, uint32(prev))
		data = data[n:]
	}
	return out, nil
}

// SnapshotState returns an empty state: the doses' calendars are saved
// with the agent table, the doses with the model.
func (c *RoutineImmunization) SnapshotState() (json.RawMessage, error) {
	return json.RawMessage("{}"), nil
}

// RestoreState attaches to the restored table and calendars, which keep
// every child's scheduled doses.
func (c *RoutineImmunization) RestoreState(m phases.Model, state json.RawMessage) error {
	if err := snapstate.Decode(RoutineImmunizationName, state, &struct{}{}); err != nil {
		return err
	}
	return c.attach(m)
}

// abmSIAState is ABMSIACalendar's saved state.
type abmSIAState struct {
	SIA          json.RawMessage `json:"sia"`          // the schedule's state (SIACalendar's)
	Results      []SIAResult     `json:"results"`      // the campaigns run, in firing order
	Vaccinations []int64         `json:"vaccinations"` // the last tick's S → R per patch, if a campaign ran then
}

// SnapshotState returns the campaigns run (keys, cursor and results) and
// the last tick's vaccinations.
func (c *ABMSIACalendar) SnapshotState() (json.RawMessage, error) {
	sia, err := c.sia.SnapshotState()
	if err != nil {
		return nil, err
	}
	st := abmSIAState{SIA: sia, Results: c.results, Vaccinations: []int64{}}
	if c.sia.FlowsMarked() {
		st.Vaccinations = c.sia.Vaccinations()
	}
	if st.Results == nil {
		st.Results = []SIAResult{}
	}
	return json.Marshal(st)
}

// RestoreState initialises as Initialize does (without the verbose line)
// and loads the campaigns run: none runs again.
func (c *ABMSIACalendar) RestoreState(m phases.Model, state json.RawMessage) error {
	var st abmSIAState
	if err := snapstate.Decode(systems.SIACalendarName, state, &st); err != nil {
		return err
	}
	if len(st.Vaccinations) > 0 {
		if err := snapstate.CheckLen(systems.SIACalendarName, "vaccinations", len(st.Vaccinations), m.World().Len()); err != nil {
			return err
		}
		if err := snapstate.CheckCounts(systems.SIACalendarName, "vaccinations", st.Vaccinations); err != nil {
			return err
		}
	}
	sia, err := c.sia.DecodeCampaigns(st.SIA)
	if err != nil {
		return err
	}
	if len(st.Results) != len(sia.Implemented()) {
		return fmt.Errorf("%s: snapshot state: %d results for %d campaigns run", systems.SIACalendarName, len(st.Results), len(sia.Implemented()))
	}
	for k, r := range st.Results {
		if r.Key != sia.Implemented()[k] || r.Targeted < r.Doses || r.Doses < r.Immunised || r.Immunised < 0 {
			return fmt.Errorf("%s: snapshot state: results[%d] (%s: %d targeted, %d doses, %d immunised) does not match campaign %q run",
				systems.SIACalendarName, k, r.Key, r.Targeted, r.Doses, r.Immunised, sia.Implemented()[k])
		}
	}
	if err := c.attach(m); err != nil {
		return err
	}
	c.sia.LoadCampaigns(sia)
	c.results = append(c.results[:0], st.Results...)
	if len(st.Vaccinations) > 0 {
		copy(c.sia.Vaccinations(), st.Vaccinations)
		c.sia.MarkFlows()
	}
	return nil
}

// wppState is WPPVitalDynamics' saved state: the last tick's flows and
// the digest of the mortality and fertility tables the run drew from.
type wppState struct {
	abmVitalState
	Tables string `json:"tables"`
}

// SnapshotState returns the last tick's births and deaths and the tables'
// digest.
func (c *WPPVitalDynamics) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(wppState{c.state(), c.digest})
}

// RestoreState refuses tables whose values differ from the ones the
// snapshot's run read (the resumed run would not continue it), then
// attaches to the restored table and death calendar (the deaths scheduled
// are kept) and loads the flows.
func (c *WPPVitalDynamics) RestoreState(m phases.Model, state json.RawMessage) error {
	var st wppState
	if err := snapstate.Decode(WPPVitalDynamicsName, state, &st); err != nil {
		return err
	}
	if got := c.digest; st.Tables != got {
		return fmt.Errorf("%s: mortality = %q, fertility = %q, country_code = %q: the tables differ from the ones the snapshot's run read (digest %s then, %s now): the resumed run would not continue it",
			WPPVitalDynamicsName, c.p.Mortality, c.p.Fertility, c.p.CountryCode, snapstate.OrNone(st.Tables), got)
	}
	if err := c.life.checkRun(m.Params().NumTicks); err != nil {
		return fmt.Errorf("%s: %w", WPPVitalDynamicsName, err)
	}
	return c.load(m, c, st.abmVitalState)
}
