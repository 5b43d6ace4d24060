package agents

// AddInfected lists agent id among the infections (S → E) of day: the
// first call of a new day empties the list of the previous one, so the
// list needs no reset phase. Every path into E calls it (transmission,
// importation and seeding share one exposure function); appending
// allocates only while the list grows past its largest day so far.
func (t *Table) AddInfected(id uint32, day int32) {
	if day != t.infDay {
		t.infected, t.infDay = t.infected[:0], day
	}
	t.infected = append(t.infected, id)
}

// Infected returns the ids of the agents infected (moved S → E) on day,
// in the order they were infected, or nil when the list holds another
// day (nobody infected yet that day). A phase reading it sees the
// infections of the phases before it in the tick. The slice is the
// table's: read it, do not keep it.
func (t *Table) Infected(day int32) []uint32 {
	if day != t.infDay {
		return nil
	}
	return t.infected
}
