/// What one benchmark case hands back: its table rows, what it measures, and anything worth a note.
struct CaseOutcome {
    /// The case's lines of the results table.
    var rows: [ResultRow] = []
    /// What the case measures, in a sentence or two, printed under the table.
    var definition: String
    /// Lines printed as they are under the results table: a case's own table of every client it ran.
    var details: [String] = []
    /// Remarks about this run (a baseline that built a different request, a case that was skipped).
    var notes: [String] = []
}
