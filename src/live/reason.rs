//! Every reason the server gives in a `refused` frame, in one list: the referee's
//! ([`Refusal::kind`](crate::live::room::Refusal::kind)), the rooms'
//! ([`RoomError::kind`](crate::live::rooms::RoomError::kind)), the server's own, and the frame
//! reader's ([`MessageError::kind`](crate::live::message::MessageError::kind)). The protocol's
//! documentation, the page's words and the server's metrics all follow this list, and tests hold
//! them to it.

/// The reasons, in the order docs/live-protocol.md gives them.
pub const REASONS: &[&str] = &[
    // The referee's.
    "spectator",
    "seat_taken",
    "not_your_turn",
    "stale",
    "illegal",
    "game_over",
    "not_over",
    // The server's: a move before entering a room, a room that is not there, no room for another,
    // too many frames (or rooms) from one connection or address, an address holding as many
    // rooms nobody else joined as it may, a room with as many spectators as it may, and the
    // shared store out of reach.
    "no_room",
    "no_such_room",
    "full",
    "flood",
    "too_many_open",
    "crowded",
    "unavailable",
    // The frame reader's.
    "too_long",
    "not_json",
    "no_type",
    "unknown_type",
    "bad_field",
];

/// Where `reason` stands in [`REASONS`], if it is one.
pub fn index(reason: &str) -> Option<usize> {
    REASONS.iter().position(|known| *known == reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::message::MessageError;
    use crate::live::room::Refusal;
    use crate::live::rooms::RoomError;
    use crate::rules::error::MoveError;

    #[test]
    fn every_kind_the_library_names_is_listed() {
        // Each match names every variant, so that a new one fails to compile here until it is
        // listed (or, like `CodeTaken`, said to be never sent).
        let refusals = [
            Refusal::Spectator,
            Refusal::SeatTaken,
            Refusal::NotYourTurn,
            Refusal::Stale { ply: 0, moves: 1 },
            Refusal::Illegal(MoveError::NoSuchHole { number: 9 }),
            Refusal::GameOver,
            Refusal::NotOver,
        ];
        for refusal in &refusals {
            match refusal {
                Refusal::Spectator
                | Refusal::SeatTaken
                | Refusal::NotYourTurn
                | Refusal::Stale { .. }
                | Refusal::Illegal(_)
                | Refusal::GameOver
                | Refusal::NotOver => assert!(index(refusal.kind()).is_some(), "{}", refusal.kind()),
            }
        }
        let errors =
            [RoomError::Full, RoomError::NoSuchRoom, RoomError::CodeTaken, RoomError::Refused(Refusal::NotOver)];
        for error in &errors {
            match error {
                RoomError::Full | RoomError::NoSuchRoom | RoomError::Refused(_) => {
                    assert!(index(error.kind()).is_some(), "{}", error.kind())
                }
                // A store draws another code and tries again: never refused to a client.
                RoomError::CodeTaken => assert_eq!(index(error.kind()), None),
            }
        }
        let reading = [
            MessageError::TooLong(5000),
            MessageError::NotJson,
            MessageError::NoType,
            MessageError::UnknownType("dance".into()),
            MessageError::BadField("hole"),
        ];
        for error in &reading {
            match error {
                MessageError::TooLong(_)
                | MessageError::NotJson
                | MessageError::NoType
                | MessageError::UnknownType(_)
                | MessageError::BadField(_) => assert!(index(error.kind()).is_some(), "{}", error.kind()),
            }
        }
    }

    #[test]
    fn the_list_has_no_twice_named_reason() {
        for (at, reason) in REASONS.iter().enumerate() {
            assert_eq!(index(reason), Some(at), "{reason}");
        }
    }
}
