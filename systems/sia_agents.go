package systems

import (
	"encoding/json"
	"time"

	"github.com/rubeola/rubeola/ecs"
)

// The agent-based model's SIA calendar (package abm) runs this calendar's
// schedule on agents: it keeps a SIACalendar for the schedule, groups,
// campaigns run and vaccination flows, and uses the methods below.

// PublishFlows sizes the per-patch vaccinations of the last campaign tick
// and publishes them as [ecs.Flows] SIAVaccinations.
func (c *SIACalendar) PublishFlows(w *ecs.World) { c.publishFlows(w) }

// ClearFlows zeroes the vaccinations of the last campaign tick (at the
// next Step).
func (c *SIACalendar) ClearFlows() { c.clearFlows() }

// MarkFlows records that the vaccinations hold a campaign tick's counts
// (ClearFlows zeroes them next).
func (c *SIACalendar) MarkFlows() { c.dirty = true }

// FlowsMarked reports whether the vaccinations hold a campaign tick's
// counts.
func (c *SIACalendar) FlowsMarked() bool { return c.dirty }

// Vaccinations returns the live per-patch vaccinations (read or add to
// them; do not keep the slice past a Restore).
func (c *SIACalendar) Vaccinations() []int64 { return c.vacc }

// DueRows returns the schedule rows that have become due on or before now
// and have not run, in schedule order, and marks them run (the buffer is
// reused by the next call).
func (c *SIACalendar) DueRows(now time.Time) []int { return c.dueRows(now) }

// RowPatches returns the patches of schedule row row's group (do not
// modify).
func (c *SIACalendar) RowPatches(row int) []int { return c.members[c.rowGroup[row]] }

// RowKey returns the campaign key of schedule row row.
func (c *SIACalendar) RowKey(row int) string { return c.keys[c.rowKey[row]] }

// SIACampaignState is a decoded and checked SIACalendar snapshot state,
// to load with [SIACalendar.LoadCampaigns].
type SIACampaignState struct {
	fired []bool
	st    siaState
}

// Implemented returns the keys of the campaigns run, in firing order.
func (s SIACampaignState) Implemented() []string { return s.st.Implemented }

// DecodeCampaigns decodes and checks a state returned by SnapshotState
// against this calendar's schedule, changing nothing.
func (c *SIACalendar) DecodeCampaigns(state json.RawMessage) (SIACampaignState, error) {
	fired, st, err := c.decode(state)
	return SIACampaignState{fired: fired, st: st}, err
}

// LoadCampaigns sets the campaigns run and the schedule cursor of a
// decoded state.
func (c *SIACalendar) LoadCampaigns(s SIACampaignState) { c.load(s.fired, s.st) }
