//! Solved single-stone openings on small boards (no swap): whether the first player, having
//! played a given cell, wins against any defence. The table comes from a proof-number solver
//! (`data/first-move-results.csv`; its 6x6 and 7x7 maps agree with the published solutions).

use crate::point::Point;

const TABLE: &str = include_str!("../data/first-move-results.csv");

/// Whether Black's first stone on `cell` wins on an `n` x `n` board, if the table covers it.
#[must_use]
pub fn first_player_wins(n: u8, cell: Point) -> Option<bool> {
    solved_openings()
        .find(|&(size, p, _)| size == n && p == cell)
        .map(|(_, _, wins)| wins)
}

/// Every row of the table as (board size, opening cell, first player wins).
pub fn solved_openings() -> impl Iterator<Item = (u8, Point, bool)> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("board_size"))
        .filter_map(|line| {
            let mut fields = line.split(',');
            let size = fields.next()?.trim().parse().ok()?;
            let cell = Point::parse(fields.next()?).ok()?;
            let wins = fields.next()?.trim() == "1";
            Some((size, cell, wins))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_covers_every_cell_of_5x5_to_7x7_and_the_centre_wins() {
        for n in 5..=7u8 {
            assert_eq!(
                solved_openings().filter(|&(s, _, _)| s == n).count(),
                usize::from(n) * usize::from(n)
            );
            let centre = Point::cell(n / 2, n / 2).unwrap();
            assert_eq!(first_player_wins(n, centre), Some(true));
        }
        // The acute corner loses on every board.
        assert_eq!(
            first_player_wins(7, Point::parse("a1").unwrap()),
            Some(false)
        );
        assert_eq!(first_player_wins(9, Point::parse("a1").unwrap()), None);
    }
}
