package nesting

// ScanJSON reports a JSON text whose arrays and objects nest deeper than
// [MaxDepth], as an [*Error] naming the line and the top-level key the deep
// value is under (Key "" when the document is not an object). Like
// [ScanTOML] it reads the text once in constant memory and leaves syntax to
// the parser.
func ScanJSON(data []byte) error {
	depth, line := 0, 1
	var key, last [2]int // offsets of the current top-level key and of the last string read at depth 1
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			line++
		case '"':
			start := i + 1
			for i++; i < len(data) && data[i] != '"'; i++ {
				switch data[i] {
				case '\\':
					i++
				case '\n':
					line++
				}
			}
			if depth == 1 {
				last = [2]int{start, min(i, len(data))}
			}
		case ':':
			if depth == 1 {
				key = last
			}
		case '[', '{':
			depth++
			if depth > MaxDepth+1 { // the document's own object or array is level 0
				return &Error{Key: string(data[key[0]:key[1]]), Line: line}
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return nil
}
