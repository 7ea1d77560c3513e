//! Room codes and seat tokens, drawn from the system's random source: a code is 80 bits in 16
//! characters of base32 (short enough to read out, long enough not to be guessed); a token is 192
//! bits in 32 characters of base64url.

const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `n` random bytes. The system's random source failing is not something a server can go on
/// without: it would hand out guessable tokens.
fn bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the system's random source is readable");
    bytes
}

/// A new room code: 16 characters of base32 (5 bits each).
pub fn room_code() -> String {
    bytes::<16>().iter().map(|b| BASE32[(b & 31) as usize] as char).collect()
}

/// A new seat token: 32 characters of base64url (6 bits each).
pub fn seat_token() -> String {
    bytes::<32>().iter().map(|b| BASE64URL[(b & 63) as usize] as char).collect()
}

/// A name for this server process, to tell its connections from another's in a shared store.
pub fn process_id() -> String {
    bytes::<8>().iter().map(|b| BASE32[(b & 31) as usize] as char).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use walak::live::message::{ROOM_CODE_LEN, TOKEN_LEN};

    #[test]
    fn codes_and_tokens_are_what_the_reader_accepts() {
        let (code, token) = (room_code(), seat_token());
        assert!(ROOM_CODE_LEN.contains(&code.len()) && TOKEN_LEN.contains(&token.len()));
        assert_ne!(room_code(), code);
        assert_ne!(seat_token(), token);
    }
}
