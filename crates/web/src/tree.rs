//! The game as a tree of moves: the line being played, and the variations made by playing a
//! different move while reviewing.
//!
//! A [`MoveTree`] is a start (a [`Record`] without moves: board, swap rule, set-up stones, side
//! to move, game information) and nodes that each hold one move. Node 0 is the start itself.
//! Every node remembers which of its children was visited last, so "next" and "redo" follow
//! the line the person was looking at. Moves enter the tree only after the rules accepted them,
//! so replaying any path always succeeds.
//!
//! Records convert both ways: any notation's [`Record`] becomes a single line (with its cursor),
//! and an HSGF game tree keeps its variations and the comments on its moves (`C[]`, read,
//! edited and written back: [`MoveTree::from_hsgf`], [`MoveTree::comment`], [`MoveTree::to_hsgf`]).
//! The start's comment is the record's game comment (`info.comment`, the root's `C`).

use ohm_engine::notation::hsgf::{self, GameTree, HsgfError, Node};
use ohm_engine::notation::{Record, RecordError};
use ohm_engine::{Color, Move, PlayedMove, Position};

/// The index of a node in its tree; [`MoveTree::ROOT`] is the start position.
pub type NodeId = usize;

#[derive(Clone, Debug, PartialEq, Eq)]
struct TreeNode {
    /// `None` for the root only.
    played: Option<PlayedMove>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    /// The child "next" goes to: the one played or visited last.
    next: Option<NodeId>,
    /// The comment on this move (HSGF `C` on the move's node).
    comment: Option<String>,
}

/// A start position and every move tried from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTree {
    /// The start: a record whose `moves` are empty and whose `cursor` is `None`.
    start: Record,
    nodes: Vec<TreeNode>,
}

/// Why a record or an HSGF tree cannot become a [`MoveTree`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// The main line does not replay (an illegal move or bad set-up).
    Record(RecordError),
    /// The SGF text or its main line is not a Hex record.
    Hsgf(HsgfError),
    /// A move of a side variation, `depth` moves from the start, is not legal there; its value
    /// starts at byte `offset` of the text.
    Variation {
        depth: usize,
        text: String,
        offset: Option<usize>,
    },
}

impl std::fmt::Display for TreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TreeError::Record(e) => write!(f, "{e}"),
            TreeError::Hsgf(e) => write!(f, "HSGF: {e}"),
            TreeError::Variation {
                depth,
                text,
                offset,
            } => write!(
                f,
                "a variation's move {depth} ({text}){} is not legal there",
                ohm_engine::notation::at_byte(*offset)
            ),
        }
    }
}

impl std::error::Error for TreeError {}

impl MoveTree {
    pub const ROOT: NodeId = 0;

    /// A tree with no moves from the start of `start` (its moves and cursor are ignored).
    #[must_use]
    pub fn new(mut start: Record) -> MoveTree {
        start.moves.clear();
        start.cursor = None;
        MoveTree {
            start,
            nodes: vec![TreeNode {
                played: None,
                parent: None,
                children: Vec::new(),
                next: None,
                comment: None,
            }],
        }
    }

    /// The record's main line as a tree, and the node of its cursor (the end if it has none).
    pub fn from_record(record: &Record) -> Result<(MoveTree, NodeId), TreeError> {
        record.to_position().map_err(TreeError::Record)?;
        let mut tree = MoveTree::new(record.clone());
        let mut at = MoveTree::ROOT;
        let mut cursor_node = None;
        for (index, &played) in record.moves.iter().enumerate() {
            if record.cursor == Some(index) {
                cursor_node = Some(at);
            }
            at = tree.add(at, played);
        }
        Ok((tree, cursor_node.unwrap_or(at)))
    }

    /// An HSGF text with all its variations; the current node is the end of the main line.
    pub fn from_hsgf(text: &str) -> Result<(MoveTree, NodeId), TreeError> {
        let sgf = hsgf::parse_tree(text).map_err(TreeError::Hsgf)?;
        let record = hsgf::record_from_tree(&sgf).map_err(TreeError::Hsgf)?;
        let start_position = record.to_position_at(0).map_err(TreeError::Record)?;
        let (mut tree, _) = MoveTree::from_record(&Record {
            moves: Vec::new(),
            ..record.clone()
        })?;
        tree.add_sgf(&sgf, MoveTree::ROOT, &start_position)?;
        let end = tree.line_end(MoveTree::ROOT);
        Ok((tree, end))
    }

    /// Adds the moves of `sgf` below `at`, whose position is `position`, with their comments.
    /// Nodes without a move (the root's game information, set-up) add nothing; a comment on
    /// such a node after a move joins that move's comment.
    fn add_sgf(
        &mut self,
        sgf: &GameTree,
        mut at: NodeId,
        position: &Position,
    ) -> Result<(), TreeError> {
        let mut position = position.clone();
        for node in &sgf.nodes {
            let comment = node.value("C").filter(|c| !c.trim().is_empty());
            let Some(played) = node_move(node) else {
                if let Some(text) = comment.filter(|_| at != MoveTree::ROOT) {
                    let joined = match self.comment(at) {
                        Some(before) => format!("{before}\n{text}"),
                        None => text.to_string(),
                    };
                    self.set_comment(at, &joined);
                }
                continue;
            };
            let depth = self.depth(at) + 1;
            let offset = node.offset("B").or_else(|| node.offset("W"));
            let refuse = |text: String| TreeError::Variation {
                depth,
                text,
                offset,
            };
            let played = played.map_err(|()| refuse(node_text(node)))?;
            position
                .try_play_as(played.color, played.mv)
                .map_err(|_| refuse(format!("{} {}", played.color, played.mv)))?;
            at = self.add(at, played);
            if let Some(text) = comment {
                self.set_comment(at, text);
            }
        }
        let keep_next = self.nodes[at].next;
        for variation in &sgf.variations {
            self.add_sgf(variation, at, &position)?;
        }
        // The main line (the first variation) is the one "next" follows.
        self.nodes[at].next = keep_next.or_else(|| self.nodes[at].children.first().copied());
        Ok(())
    }

    /// The whole tree as HSGF: the start's root properties, the first child of every node as
    /// the main line, the others as variations.
    #[must_use]
    pub fn to_hsgf(&self) -> GameTree {
        let mut root = hsgf::tree_from_record(&self.start);
        root.nodes.truncate(1);
        self.extend_sgf(&mut root, MoveTree::ROOT);
        root
    }

    fn extend_sgf(&self, sgf: &mut GameTree, mut at: NodeId) {
        loop {
            let children = &self.nodes[at].children;
            match children.len() {
                0 => return,
                1 => {
                    at = children[0];
                    sgf.nodes.push(self.move_node(at));
                }
                _ => {
                    for &child in children {
                        let mut variation = GameTree {
                            nodes: vec![self.move_node(child)],
                            variations: Vec::new(),
                        };
                        self.extend_sgf(&mut variation, child);
                        sgf.variations.push(variation);
                    }
                    return;
                }
            }
        }
    }

    /// The HSGF node of `node`'s move, with its comment.
    fn move_node(&self, node: NodeId) -> Node {
        let tree_node = &self.nodes[node];
        let mut sgf = Node::default();
        if let Some(played) = tree_node.played {
            sgf.set(&played.color.letter().to_string(), played.mv.to_string());
        }
        if let Some(comment) = &tree_node.comment {
            sgf.set("C", comment.clone());
        }
        sgf
    }

    /// The start record (no moves).
    #[must_use]
    pub fn start(&self) -> &Record {
        &self.start
    }

    /// The comment on `node`'s move, or at the root the game's comment.
    #[must_use]
    pub fn comment(&self, node: NodeId) -> Option<&str> {
        if node == MoveTree::ROOT {
            return self.start.info.comment.as_deref();
        }
        self.nodes.get(node)?.comment.as_deref()
    }

    /// Sets the comment on `node`'s move (at the root, the game's comment); an empty or blank
    /// text removes it. Whether anything changed.
    pub fn set_comment(&mut self, node: NodeId, text: &str) -> bool {
        let value = (!text.trim().is_empty()).then(|| text.to_string());
        let slot = if node == MoveTree::ROOT {
            &mut self.start.info.comment
        } else {
            match self.nodes.get_mut(node) {
                Some(n) => &mut n.comment,
                None => return false,
            }
        };
        if *slot == value {
            return false;
        }
        *slot = value;
        true
    }

    /// The move that led to `node` (`None` at the root).
    #[must_use]
    pub fn played(&self, node: NodeId) -> Option<PlayedMove> {
        self.nodes.get(node)?.played
    }

    #[must_use]
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.nodes.get(node)?.parent
    }

    #[must_use]
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        self.nodes.get(node).map_or(&[], |n| n.children.as_slice())
    }

    /// The child "next" goes to.
    #[must_use]
    pub fn next(&self, node: NodeId) -> Option<NodeId> {
        self.nodes.get(node)?.next
    }

    /// The number of moves from the start to `node`.
    #[must_use]
    pub fn depth(&self, node: NodeId) -> usize {
        self.path(node).len()
    }

    /// The nodes from the start (excluded) to `node` (included).
    #[must_use]
    pub fn path(&self, node: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The line through `node`: the path to it, then "next" to the end.
    #[must_use]
    pub fn line(&self, node: NodeId) -> Vec<NodeId> {
        let mut line = self.path(node);
        let mut at = node;
        while let Some(next) = self.next(at) {
            line.push(next);
            at = next;
        }
        line
    }

    /// The last node of the line through `node`.
    #[must_use]
    pub fn line_end(&self, node: NodeId) -> NodeId {
        self.line(node).last().copied().unwrap_or(node)
    }

    /// The other moves tried at the same point as `node`, in the order they were added.
    #[must_use]
    pub fn siblings(&self, node: NodeId) -> Vec<NodeId> {
        self.parent(node)
            .map(|p| {
                self.children(p)
                    .iter()
                    .copied()
                    .filter(|&c| c != node)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The child of `parent` holding `played`, added if there is none; it becomes the child
    /// that "next" follows. The caller has checked that the move is legal there.
    pub fn add(&mut self, parent: NodeId, played: PlayedMove) -> NodeId {
        if let Some(&existing) = self.nodes[parent]
            .children
            .iter()
            .find(|&&c| self.nodes[c].played == Some(played))
        {
            self.nodes[parent].next = Some(existing);
            return existing;
        }
        let id = self.nodes.len();
        self.nodes.push(TreeNode {
            played: Some(played),
            parent: Some(parent),
            children: Vec::new(),
            next: None,
            comment: None,
        });
        self.nodes[parent].children.push(id);
        self.nodes[parent].next = Some(id);
        id
    }

    /// Makes the line through `node` the one "next" follows from the start.
    pub fn select(&mut self, node: NodeId) {
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            self.nodes[parent].next = Some(at);
            at = parent;
        }
    }

    /// The position at `node`, its path as history.
    #[must_use]
    pub fn position_at(&self, node: NodeId) -> Position {
        let mut position = self
            .start
            .to_position()
            .expect("the start was checked when the tree was made");
        for id in self.path(node) {
            let played = self.nodes[id].played.expect("only the root has no move");
            position
                .try_play_as(played.color, played.mv)
                .expect("moves are checked before they enter the tree");
        }
        position
    }

    /// The record of the line through `node`, its cursor at `node` unless that is the end.
    #[must_use]
    pub fn record_of_line(&self, node: NodeId) -> Record {
        let line = self.line(node);
        let depth = self.depth(node);
        let mut record = self.start.clone();
        record.moves = line
            .iter()
            .filter_map(|&id| self.nodes[id].played)
            .collect();
        record.cursor = (depth < line.len()).then_some(depth);
        record
    }

    /// The node reached from `node` by the child indexes of `route` (stops where one is
    /// missing), and the route of a node: how saved games remember where they stood.
    #[must_use]
    pub fn follow(&self, route: &[usize]) -> NodeId {
        let mut at = MoveTree::ROOT;
        for &index in route {
            match self.children(at).get(index) {
                Some(&child) => at = child,
                None => break,
            }
        }
        at
    }

    #[must_use]
    pub fn route(&self, node: NodeId) -> Vec<usize> {
        self.path(node)
            .into_iter()
            .map(|id| {
                let parent = self.nodes[id].parent.expect("path nodes have parents");
                self.nodes[parent]
                    .children
                    .iter()
                    .position(|&c| c == id)
                    .expect("a child is among its parent's children")
            })
            .collect()
    }

    /// Whether any node of the tree holds `mv`.
    #[must_use]
    pub fn has_move(&self, mv: Move) -> bool {
        self.nodes
            .iter()
            .any(|n| n.played.is_some_and(|p| p.mv == mv))
    }

    /// Sets the start's swap rule (moves already in the tree stay: a swap in it was legal when
    /// it was played).
    pub fn set_swap_rule(&mut self, on: bool) {
        self.start.swap_rule = on;
    }
}

/// The move of an SGF node, `Err` if it has one Ohm cannot read.
fn node_move(node: &Node) -> Option<Result<PlayedMove, ()>> {
    let (color, value) = match (node.value("B"), node.value("W")) {
        (Some(b), None) => (Color::Black, b),
        (None, Some(w)) => (Color::White, w),
        (None, None) => return None,
        (Some(_), Some(_)) => return Some(Err(())),
    };
    let mv = match value.trim() {
        "swap" => Ok(Move::Swap),
        text => Move::parse(text).map_err(|_| ()),
    };
    Some(mv.map(|mv| PlayedMove { color, mv }))
}

/// The move properties of a node as written, for error messages.
fn node_text(node: &Node) -> String {
    ["B", "W"]
        .into_iter()
        .filter_map(|id| node.value(id).map(|v| format!("{id}[{v}]")))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ohm_engine::notation::hsgf;
    use ohm_engine::{Board, Point};

    fn cell(color: Color, name: &str) -> PlayedMove {
        PlayedMove {
            color,
            mv: Move::Cell(Point::parse(name).unwrap()),
        }
    }

    fn names(tree: &MoveTree, nodes: &[NodeId]) -> Vec<String> {
        nodes
            .iter()
            .map(|&n| tree.played(n).unwrap().mv.to_string())
            .collect()
    }

    fn empty(size: u8) -> MoveTree {
        MoveTree::new(Record::new(Board::square(size).unwrap()))
    }

    #[test]
    fn a_different_move_makes_a_variation_and_next_follows_the_latest() {
        let mut tree = empty(5);
        let a = tree.add(MoveTree::ROOT, cell(Color::Black, "c3"));
        let b = tree.add(a, cell(Color::White, "b4"));
        let c = tree.add(b, cell(Color::Black, "d2"));
        assert_eq!(names(&tree, &tree.line(MoveTree::ROOT)), ["c3", "b4", "d2"]);
        let other = tree.add(a, cell(Color::White, "d3"));
        assert_eq!(tree.children(a), [b, other]);
        assert_eq!(tree.line(a), [a, other]);
        assert_eq!(tree.siblings(other), [b]);
        // Playing an existing move goes back into its line instead of duplicating it.
        assert_eq!(tree.add(a, cell(Color::White, "b4")), b);
        assert_eq!(tree.line_end(MoveTree::ROOT), c);
        tree.select(other);
        assert_eq!(tree.line_end(MoveTree::ROOT), other);
        assert_eq!(tree.route(other), [0, 1]);
        assert_eq!(tree.follow(&[0, 1]), other);
        assert_eq!(tree.follow(&[0, 7, 3]), a, "a broken route stops early");
        assert_eq!(tree.depth(c), 3);
        assert_eq!(tree.position_at(c).move_count(), 3);
    }

    #[test]
    fn records_keep_their_cursor_both_ways() {
        let mut record = Record::new(Board::square(4).unwrap());
        record.moves = vec![
            cell(Color::Black, "a1"),
            cell(Color::White, "b2"),
            cell(Color::Black, "c3"),
        ];
        record.cursor = Some(1);
        let (tree, at) = MoveTree::from_record(&record).unwrap();
        assert_eq!(tree.depth(at), 1);
        assert_eq!(tree.record_of_line(at), record);
        let end = tree.line_end(at);
        assert_eq!(tree.record_of_line(end).cursor, None);
    }

    #[test]
    fn illegal_records_are_refused() {
        let mut record = Record::new(Board::square(4).unwrap());
        record.moves = vec![cell(Color::Black, "a1"), cell(Color::White, "a1")];
        assert!(matches!(
            MoveTree::from_record(&record),
            Err(TreeError::Record(RecordError::IllegalMove {
                number: 2,
                ..
            }))
        ));
    }

    #[test]
    fn hsgf_variations_survive_a_round_trip() {
        let text = "(;FF[4]GM[11]SZ[5]PB[ann];B[c3](;W[b4];B[d2])(;W[d3];B[b3]))";
        let (tree, end) = MoveTree::from_hsgf(text).unwrap();
        assert_eq!(names(&tree, &tree.line(end)), ["c3", "b4", "d2"]);
        let c3 = tree.path(end)[0];
        assert_eq!(tree.children(c3).len(), 2);
        assert_eq!(tree.start().info.black.as_deref(), Some("ann"));
        let written = hsgf::write_tree(&tree.to_hsgf());
        let (again, _) = MoveTree::from_hsgf(&written).unwrap();
        assert_eq!(again, tree);
        assert!(written.contains("(;W[b4];B[d2])"), "{written}");
    }

    #[test]
    fn comments_on_moves_survive_a_round_trip_and_can_be_edited() {
        let text = "(;FF[4]GM[11]SZ[5]C[the game];B[c3]C[centre](;W[b4]C[block];B[d2])(;W[d3]))";
        let (mut tree, end) = MoveTree::from_hsgf(text).unwrap();
        let path = tree.path(end);
        assert_eq!(tree.comment(MoveTree::ROOT), Some("the game"));
        assert_eq!(tree.comment(path[0]), Some("centre"));
        assert_eq!(tree.comment(path[1]), Some("block"));
        assert_eq!(tree.comment(path[2]), None);
        assert!(tree.set_comment(path[2], "wins"));
        assert!(!tree.set_comment(path[2], "wins"));
        assert!(tree.set_comment(path[0], " "), "a blank comment removes it");
        let written = hsgf::write_tree(&tree.to_hsgf());
        assert!(written.contains(";B[d2]C[wins]"), "{written}");
        assert!(!written.contains("centre"), "{written}");
        let (again, _) = MoveTree::from_hsgf(&written).unwrap();
        assert_eq!(again, tree);
    }

    #[test]
    fn an_illegal_variation_move_is_named() {
        let text = "(;FF[4]GM[11]SZ[5];B[c3](;W[b4])(;W[c3]))";
        assert_eq!(
            MoveTree::from_hsgf(text),
            Err(TreeError::Variation {
                depth: 2,
                text: "white c3".into(),
                offset: Some(text.rfind("c3").unwrap()),
            })
        );
    }
}
