# The sentences of a game in Ελληνικά, as Project Fluent messages
# (https://projectfluent.org/fluent/guide/). hector fills in the variables:
#   $color $winner  a side, worded by `side`
#   $seat           a seat, worded by `seat`
#   $time …         a time, worded with the unit-* messages
#   $moves          a number of moves (unit-move); $count its number
# An attribute named like a variable (`.time = acc`, `.seat = dat`) asks
# for that variable in a grammatical case; without one it is nominative.
# Plural categories are CLDR's (one/few/many/other), chosen by $n or $count.

## Words that agree: sides, seats, pieces, units of time and moves.

side = { $side ->
    [white] Λευκά
   *[black] Μαύρα
}
seat = { $seat ->
    [white] { $case ->
        [acc] παίκτη με τα λευκά
       *[other] παίκτης με τα λευκά
    }
    [black] { $case ->
        [acc] παίκτη με τα μαύρα
       *[other] παίκτης με τα μαύρα
    }
    [assistant] { $case ->
        [acc] βοηθό
       *[other] βοηθός
    }
    [assistant-white] { $case ->
        [acc] βοηθό των λευκών
       *[other] βοηθός των λευκών
    }
    [assistant-black] { $case ->
        [acc] βοηθό των μαύρων
       *[other] βοηθός των μαύρων
    }
   *[arbiter] { $case ->
        [acc] διαιτητή
       *[other] διαιτητής
    }
}
piece = { $count ->
    [one] { $side ->
        [white] { $piece ->
            [king] λευκός βασιλιάς
            [queen] λευκή βασίλισσα
            [rook] λευκός πύργος
            [bishop] λευκός αξιωματικός
            [knight] λευκός ίππος
           *[pawn] λευκό πιόνι
        }
       *[black] { $piece ->
            [king] μαύρος βασιλιάς
            [queen] μαύρη βασίλισσα
            [rook] μαύρος πύργος
            [bishop] μαύρος αξιωματικός
            [knight] μαύρος ίππος
           *[pawn] μαύρο πιόνι
        }
    }
   *[other] { $side ->
        [white] { $piece ->
            [king] λευκοί βασιλιάδες
            [queen] λευκές βασίλισσες
            [rook] λευκοί πύργοι
            [bishop] λευκοί αξιωματικοί
            [knight] λευκοί ίπποι
           *[pawn] λευκά πιόνια
        }
       *[black] { $piece ->
            [king] μαύροι βασιλιάδες
            [queen] μαύρες βασίλισσες
            [rook] μαύροι πύργοι
            [bishop] μαύροι αξιωματικοί
            [knight] μαύροι ίπποι
           *[pawn] μαύρα πιόνια
        }
    }
}
unit-hour = { $n ->
    [one] { $words } ώρα
   *[other] { $words } ώρες
}
    .gender = f
unit-minute = { $n ->
    [one] { $words } λεπτό
   *[other] { $words } λεπτά
}
    .gender = n
unit-second = { $n ->
    [one] { $words } δευτερόλεπτο
   *[other] { $words } δευτερόλεπτα
}
    .gender = n
unit-move = { $n ->
    [one] { $words } κίνηση
   *[other] { $words } κινήσεις
}
    .gender = f

## The talking clock (hector clock, play): phrases around the times the
## unit messages word.

clock-less_than_a_minute = λιγότερο από ένα λεπτό
clock-side_time = { $side } { $time }
clock-side_moves = { $side } { $moves }
clock-status = { $white }, { $black }, { $moves }, { $turn }
clock-moves = { $white }, { $black }
clock-turn = παίζουν τα { $side }
clock-own_time = Ο χρόνος σας: { $time }
clock-time_used = Χρόνος που χρησιμοποιήθηκε: { $white }, { $black }· { $moves }
clock-opponent_time = Αντίπαλος: { $time }
clock-warning = { $side }: { $time }
clock-low_time = Προσοχή, { $side }: { $time }
clock-flag = { $side }: ο χρόνος έληξε
clock-flag_win = { $side }: ο χρόνος έληξε. Κερδίζουν τα { $opponent }.
clock-flag_draw = { $side }: ο χρόνος έληξε. Ισοπαλία, γιατί τα { $opponent } δεν μπορούν να κάνουν ματ.
clock-period_added = { $side }: νέα περίοδος, { $time }
clock-paused = Το ρολόι σταμάτησε
clock-resumed = Το ρολόι ξεκίνησε ξανά
clock-not_started = Το ρολόι δεν έχει ξεκινήσει

## The sentences of a game (hector session, play, serve).

welcome = hector: { $language }. Πείτε «βοήθεια» για τις εντολές.
eboard_gone = Η σκακιέρα DGT δεν είναι προσβάσιμη· το hector συνεχίζει να προσπαθεί.
eboard_back = Η σκακιέρα DGT συνδέθηκε ξανά.
braille_gone = Η οθόνη Braille δεν είναι προσβάσιμη· το hector συνεχίζει να προσπαθεί.
braille_back = Η οθόνη Braille συνδέθηκε ξανά.
microphone_gone = Το μικρόφωνο δεν είναι προσβάσιμο· το hector συνεχίζει να προσπαθεί. Πληκτρολογήστε τις κινήσεις σας ή πείτε τις στον βοηθό.
microphone_back = Το μικρόφωνο συνδέθηκε ξανά.
braille_unavailable = Η οθόνη Braille δεν μπορεί να ξεκινήσει. { $why }
voice_unavailable = Η φωνητική είσοδος δεν μπορεί να ξεκινήσει. { $why }
voice_no_whisper_model = Λείπει το μοντέλο ομιλίας { $engine } ({ $file })· το hector ακούει μόνο με το { $fallback }. Εκτελέστε { $command } για να το κατεβάσετε.
readback = { $move };
moved = { $color }: { $move }.
moved_via = { $color }: { $move } (καταχωρίστηκε από τον { $seat }).
    .seat = acc
choice = { $count } δυνατότητες: { $list }. Πείτε τον αριθμό.
choice_item = { $number }, { $move }
promotion = Ποιο κομμάτι; { $pieces }.
cancelled = Αποσύρθηκε. Ανακοινώστε ξανά την κίνηση.
not_understood = Δεν κατάλαβα: { $heard }. Επαναλάβετε, παρακαλώ.
not_understood_empty = Δεν κατάλαβα τίποτα. Επαναλάβετε, παρακαλώ.
not_your_turn = Δεν είναι η σειρά σας.
not_your_right = Μόνο ο διαιτητής μπορεί να το κάνει: { $command }.
not_your_right_seat = Από αυτή τη θέση δεν επιτρέπεται: { $command }.
nothing_pending = Δεν υπάρχει κίνηση για επιβεβαίωση.
awaiting_player = Η κίνηση που ανακοίνωσε ο τυφλός παίκτης περιμένει το ναι ή το όχι του.
out_of_range = Πείτε έναν αριθμό από ένα έως { $max }.
game_over = Η παρτίδα έχει τελειώσει.
adjourned_no_move = Η παρτίδα έχει διακοπεί: καμία κίνηση μέχρι τη συνέχισή της.
no_clock = Αυτή η παρτίδα δεν έχει ρολόι.
incomplete_where = Ποιο κομμάτι; Για παράδειγμα: πού είναι οι ίπποι μου.
incomplete_rank = Ποια σειρά, από ένα έως οκτώ;
incomplete_file = Ποια στήλη, από Άννα έως Έκτωρ;
incomplete_claim = Τι διεκδικείτε: επανάληψη, πενήντα ή χρόνο;
incomplete_adjourn = Μετά το «διακοπή» πείτε τη σφραγισμένη κίνηση.
incomplete_correct = Πείτε: διόρθωσε τυφλός ή βλέπων, αριθμό ημικίνησης και κίνηση.
incomplete_set = Πείτε παίκτη και χρόνο, για παράδειγμα: όρισε χρόνο λευκά 5:00.
incomplete_result = Ποιο αποτέλεσμα: 1-0, 0-1 ή ισοπαλία;
incomplete_shows = Τι δείχνει η σκακιέρα: ένα FEN ή τετράγωνα όπως e5=N f3=-.
bad_line = Αυτή η γραμμή δεν διαβάζεται: { $problem }.
bad_utf8 = Αυτή η γραμμή δεν είναι αναγνώσιμο κείμενο (όχι UTF-8)· παραλείπεται και η παρτίδα συνεχίζεται.
too_long = Αυτή η γραμμή είναι πολύ μεγάλη· παραλείπεται και η παρτίδα συνεχίζεται.
clock_stopped_by_arbiter = Ο διαιτητής σταμάτησε τα ρολόγια· καμία κίνηση μέχρι να ξαναρχίσουν.
clock_already_running = Το ρολόι ήδη τρέχει.
clock_already_stopped = Το ρολόι έχει ήδη σταματήσει.
clock_game_over = Η παρτίδα έχει τελειώσει· το ρολόι δεν ξεκινά ξανά.
clock_paused = Το ρολόι είναι σταματημένο· ξεκινήστε το πρώτα.
clock_not_paused = Το ρολόι δεν είναι σταματημένο.
clock_time_went_back = Αυτός ο χρόνος είναι πριν από χρόνο που το ρολόι έχει ήδη μετρήσει.
clock_too_much_time = Ένα ρολόι χωράει το πολύ { $hours ->
    [one] { $hours } ώρα
   *[other] { $hours } ώρες
}· αυτός δεν είναι χρόνος για παρτίδα.
clock_unavailable = Το ρολόι δεν μπορεί να το κάνει αυτό τώρα.
claim_not_to_move = Μόνο ο παίκτης που έχει τη σειρά μπορεί να διεκδικήσει ισοπαλία.
move_not_legal = Αυτή η κίνηση δεν είναι νόμιμη εδώ.
no_such_half_move = Αυτή η ημικίνηση δεν έγινε σε αυτή την παρτίδα, ή όχι από αυτόν τον παίκτη.
nothing_to_retrace = Τα φύλλα συμφωνούν· δεν υπάρχει τίποτα για επιστροφή.
nothing_sealed = Δεν έχει γραφτεί ακόμη σφραγισμένη κίνηση.
ended_before_resumption = Η παρτίδα τελείωσε πριν από τη συνέχιση· ο φάκελος δεν ανοίγει.
already_resumed = Η παρτίδα συνεχίστηκε· τελειώνει με τους συνήθεις κανόνες.
cannot_be_done = Αυτό δεν γίνεται σε αυτή την παρτίδα.
line_time_before_last = Ο χρόνος αυτής της εντολής είναι πριν από τον χρόνο της τελευταίας εντολής.
line_bad_board = Αυτή η σκακιέρα δεν διαβάζεται· δώστε FEN ή τετράγωνα όπως e5=N f3=-.
line_no_entry = Το φύλλο δεν έχει τέτοια ημικίνηση.
line_empty_entry = Μια εγγραφή στο φύλλο δεν μπορεί να είναι κενή.
incomplete_present = Ποιος παίκτης: παρών λευκά ή παρών μαύρα.
clock_not_started = Τα ρολόγια δεν έχουν ξεκινήσει· ο διαιτητής τα ξεκινά και τότε αρχίζει η παρτίδα.
rules_problem = { $reason }
no_draw_offer = Δεν υπάρχει πρόταση ισοπαλίας.
draw_already_offered = Υπάρχει ήδη πρόταση ισοπαλίας.
draw_too_early = Η προκήρυξη του τουρνουά δεν επιτρέπει πρόταση ή συμφωνία ισοπαλίας πριν από την κίνηση { $number }.
not_adjourned = Η παρτίδα δεν έχει διακοπεί.
answer_time = { $color }: { $time }.
answer_my_time = Ο χρόνος σας: { $time }.
answer_opponent_time = Ο χρόνος του αντιπάλου: { $time }.
answer_used = { $color }: χρησιμοποιημένος χρόνος { $time }, { $moves }.
answer_moves = { $color }: { $count ->
        [one] { $moves } ολοκληρώθηκε
       *[other] { $moves } ολοκληρώθηκαν
    }.
answer_none = Καμία κίνηση ακόμα.
answer_pieces = { $piece }: { $list }.
answer_empty = άδεια
answer_none_left = κανένα
help = Ανακοινώστε κίνηση: κομμάτι και τετράγωνο, για παράδειγμα Ίππος Φέλιξ τρία, ή μικρό ροκέ· μετά ναι για επιβεβαίωση, όχι για απόσυρση. Ερωτήσεις: ο χρόνος μου, χρόνος αντιπάλου, χρόνος, χρησιμοποιημένος χρόνος, κινήσεις, τελευταία κίνηση, επανάλαβε, πού είναι οι ίπποι μου, σειρά τέσσερα, στήλη Εύα, σκακιέρα, φύλλο. Ισοπαλία, δέχομαι, αρνούμαι, διεκδικώ επανάληψη ή πενήντα, εγκαταλείπω, διακοπή, διαιτητής.
help_opponent = Οι εντολές σας εκτός από τις κινήσεις: { $list }.
help_assistant = Εντολές του βοηθού: πληκτρολογήστε την κίνηση του παίκτη που παίζει για να τη μεταφέρετε· επίσης: { $list }.
help_arbiter = Εντολές του διαιτητή: { $list }.
to_move = Παίζουν τα { $color }.
result_line = { $text }
alert = Λίγος χρόνος, υπόλοιπο: { $time }.
flag = { $color }: ο χρόνος έληξε.
clock_started = Το ρολόι τρέχει.
clock_stopped = Το ρολόι σταμάτησε.
clock_set = Ο διαιτητής όρισε τον χρόνο: { $color }, { $time }.
clock_added = Ο διαιτητής πρόσθεσε { $time }: { $color }.
clock_granted = Σύμφωνα με τους κανονισμούς προστέθηκε χρόνος { $time }: { $color }.
clock_cut = Σύμφωνα με τους κανονισμούς, ο χρόνος: { $color }, είναι τώρα { $time }.
clock_moves = Ο διαιτητής όρισε τις κινήσεις: { $color }, { $count }.
clock_pressed = { $color }: πατήθηκε το ρολόι.
draw_offered = Τα { $color } προτείνουν ισοπαλία.
draw_declined = Τα { $color } αρνούνται την ισοπαλία.
boards_agree = Οι σκακιέρες συμφωνούν ξανά.
guidance_head = Η σκακιέρα του { $board } διαφέρει: { $lines }
arbiter_called = Καλείται ο διαιτητής: { $seat }.
arbiter_touched = Ο βοηθός αναφέρει ότι ο βλέπων παίκτης άγγιξε κομμάτι{ $detail }.
arbiter_touched_by = Αναφορά ({ $seat }): ο αντίπαλος άγγιξε κομμάτι{ $detail }.
arbiter_flag_claim = Ο βοηθός διεκδικεί νίκη λόγω χρόνου.
flag_not_fallen = Η σημαία του αντιπάλου δεν έχει πέσει· η παρτίδα συνεχίζεται.
arbiter_flag_claim_by = Νίκη λόγω χρόνου διεκδικεί: { $seat }.
decision_correct_board = τα φύλλα συμφωνούν· ο παίκτης του οποίου η σκακιέρα διαφέρει τη διορθώνει.
decision_retrace = τα φύλλα διαφέρουν· ο διαιτητής επιστρέφει τις κινήσεις ως το σημείο συμφωνίας.
arbiter_boards_differ = Οι δύο σκακιέρες διαφέρουν: { $detail }
arbiter_assistant_missing = Σε αυτή τη σκακιέρα ο βοηθός είναι υποχρεωτικός{ $laws ->
    [2005] {""}
    [2009] {""}
   *[other] {" (D.2.11)"}
} και λείπει.
arbiter_illegal = { $seat }: διεκδίκηση αντικανονικής κίνησης.
arbiter_interrupted = Η παρτίδα διακόπηκε.
arbiter_flag = Ο χρόνος έληξε: { $detail }.
retraced = Η παρτίδα επιστρέφει στην ημικίνηση { $ply }. Θέση και ρολόγια επανήλθαν.
sheet_corrected = Φύλλο του { $board }: η ημικίνηση { $ply } είναι τώρα { $san }.
penalty = Αντικανονική κίνηση: { $color }. Η προηγούμενη θέση αποκαταστάθηκε· τα { $winner } παίρνουν { $time }.
penalty_kept = Αντικανονική κίνηση: { $color }. Τα { $winner } παίρνουν { $time }. Η θέση δεν άλλαξε.
arbiter_present = Παρών στο άνοιγμα του φακέλου: { $seat }.
arbiter_board_put_right = Η σκακιέρα διορθώθηκε, σύμφωνα με τον { $seat }· ο διαιτητής την ελέγχει και λέει διορθώθηκε.
    .seat = acc
not_present = Ο φάκελος ανοίγει μόνο παρουσία του παίκτη που απαντά στη σφραγισμένη κίνηση.
tampered = Ο φάκελος δεν ταιριάζει με τη σφραγίδα του: άλλαξε μετά τη σφράγιση.
adjourned = Τα { $color } σφράγισαν την κίνηση { $number }. Η παρτίδα διακόπηκε και το ρολόι σταμάτησε.
envelope_read = Φάκελος: { $white_name } εναντίον { $black_name }. Τα { $color } σφράγισαν την κίνηση { $number }. Χρόνος που καταναλώθηκε: { $white } { $white_time }, { $black } { $black_time }. Επανέναρξη: { $resumption }.
adjourned_early = Διακοπή πριν από το τέλος της συνεδρίας: τα { $color } χάνουν { $time } ({ $laws ->
    [2005] {"A1(b)"}
    [2009] {"Κατευθυντήριες οδηγίες 1(b)"}
   *[other] {"I.1.2"}
}).
sealed_move_loses = Η σφραγισμένη κίνηση δεν μπορεί να παιχτεί: τα { $color } χάνουν ({ $laws ->
    [2005] {"A8"}
    [2009] {"Κατευθυντήριες οδηγίες 8"}
   *[other] {"Κατευθυντήριες οδηγίες I.8"}
}).
sealed_move_draw = Η σφραγισμένη κίνηση δεν μπορεί να παιχτεί, αλλά τα { $winner } δεν μπορούν να κάνουν ματ: ισοπαλία ({ $laws ->
    [2005] {"A8, άρθρο 6.10"}
    [2009] {"Κατευθυντήριες οδηγίες 8, άρθρο 6.9"}
   *[other] {"Κατευθυντήριες οδηγίες I.8, άρθρο 6.9"}
}).
result_arbiter = Ο διαιτητής ανακοινώνει το αποτέλεσμα: { $result }.
sealed = Η σφραγισμένη κίνησή σας: { $move }. Μένει μυστική μέχρι να ανοίξει ο φάκελος.
resumed = Ο φάκελος άνοιξε και η παρτίδα συνεχίζεται.
interrupted = Η παρτίδα διακόπηκε για { $time }. Τα ρολόγια είναι σταματημένα μέχρι να τα ξεκινήσει ο διαιτητής.
hall_untrusted = Αυτή η σκακιέρα δεν έχει κλειδί αίθουσας (--hall-key ή HECTOR_HALL_KEY): παίζει και κρατά το ημερολόγιό της, αλλά η αίθουσα του τουρνουά δεν θα εμπιστευτεί τα μηνύματά της και δεν θα δείξει την παρτίδα της.
serve_journal = Ημερολόγιο αυτής της σκακιέρας: { $file }.
board_blind = τυφλού παίκτη
board_sighted = βλέποντος παίκτη
command_move = να κάνει κίνηση
prefix_white = Λευκά
prefix_black = Μαύρα
prefix_assistant = Βοηθός
prefix_arbiter = Διαιτητής
help_seats = Στο κοινό τερματικό μια γραμμή ανήκει στον τυφλό παίκτη· για άλλη θέση ξεκινήστε τη με το όνομα της θέσης και άνω-κάτω τελεία: { $seats }, για παράδειγμα «μαύρα: ο χρόνος μου» ή «διαιτητής: χρόνος».
help_stop = Για τέλος: γράψτε «τέλος» ή πατήστε Ctrl-C ή Ctrl-D· η παρτίδα αποθηκεύεται και το hector λέει πού.

## The game saved when play ends, and boards that never differed.

game_saved = Η παρτίδα αποθηκεύτηκε: { $file }.
game_not_saved = Η παρτίδα δεν μπόρεσε να αποθηκευτεί ({ $file }): { $why }.
boards_in_order = Οι σκακιέρες συμφωνούν.

## The arbiter's questions before an irreversible act, the envelope
## and resumption, absence (6.7), D.2.1 repeated, two assistants (D.2.10).

confirm_resign = Εγκατάλειψη; Πείτε ναι ή όχι.
confirm_result = Ανακοίνωση αποτελέσματος { $result }; Πείτε ναι ή όχι.
confirm_illegal = Ποινή για αντικανονική κίνηση ({ $color }); Πείτε ναι ή όχι.
confirm_illegal_at = Ποινή για την αντικανονική κίνηση ({ $color }, ημικίνηση { $ply }) και επαναφορά της θέσης πριν από αυτήν; Πείτε ναι ή όχι.
confirm_set_time = Ορισμός χρόνου ({ $color }) σε { $time }; Πείτε ναι ή όχι.
confirm_add_time = Προσθήκη { $time } στον χρόνο ({ $color }); Πείτε ναι ή όχι.
confirm_set_moves = Ορισμός κινήσεων ({ $color }) σε { $count }; Πείτε ναι ή όχι.
confirm_absent = { $color }: απουσία, να καταγραφεί ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}: μετά τον χρόνο καθυστέρησης ο απών χάνει); Πείτε ναι ή όχι.
cancelled_act = Ακυρώθηκε: τίποτα δεν γίνεται.
incomplete_resumption = Πείτε ημερομηνία, ώρα και τόπο επανέναρξης, για παράδειγμα: επανέναρξη 2026-11-26 10:00 Αίθουσα Β.
incomplete_absent = Ποιος παίκτης: απών λευκά ή απών μαύρα.
incomplete_arrived = Ποιος παίκτης: έφτασε λευκά ή έφτασε μαύρα.
resumption_set = Επανέναρξη: { $date } στις { $hour }, { $place }.
resumption_none = δεν ορίστηκε
resumption_when = { $date } στις { $hour }, { $place }
envelope_written = Ο φάκελος γράφτηκε στο { $file } (σφραγισμένος, για τον διαιτητή) και στο { $page } (για εκτύπωση).
envelope_not_written = Ο φάκελος δεν γράφτηκε: { $why }.
arbiter_absent = Ο διαιτητής καταγράφει: { $seat } απών.
arbiter_arrived = Ο διαιτητής καταγράφει: { $seat } έφτασε.
result_absent = { $color }: δεν ήρθε μέσα στον χρόνο καθυστέρησης· κερδίζουν τα { $winner } ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_absent_both = Κανένας παίκτης δεν ήρθε μέσα στον χρόνο καθυστέρησης: χάνουν και οι δύο ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_both_flags = Έπεσαν και οι δύο σημαίες: η παρτίδα είναι ισόπαλη ({ $laws ->
    [2005] {"B9"}
   *[other] {"A.4(d)"}
}).
repeated_on_board = { $color }: η κίνηση έγινε στη σκακιέρα του.
nothing_to_repeat = Δεν υπάρχει κίνηση του τυφλού παίκτη για επανάληψη.
no_press_owed = Δεν χρειάζεται πάτημα του ρολογιού: ο βλέπων παίκτης δεν έχει παίξει από το τελευταίο πάτημα.
prefix_assistant-white = Βοηθός (λευκά)
prefix_assistant-black = Βοηθός (μαύρα)
assistant_per_player = Και οι δύο παίκτες είναι τυφλοί: ο καθένας έχει τον δικό του βοηθό, τις θέσεις assistant-white και assistant-black.
no_player_assistant = Αυτή η παρτίδα έχει μία θέση βοηθού, assistant: οι assistant-white και assistant-black είναι για δύο τυφλούς παίκτες (--blind both).

## Rulings that follow the edition (issue 42): 5.1.2, 5.2.3, 6.7, 7.4(b), I.1.2.

resigned_draw = Τα { $color } εγκαταλείπουν, αλλά τα { $winner } δεν μπορούν να κάνουν ματ με καμία σειρά νόμιμων κινήσεων: ισοπαλία (5.1.2).
third_illegal_move_loses = Τρίτη αντικανονική κίνηση από τα { $color }. Κερδίζουν τα { $winner }.
third_illegal_move_draw = Τρίτη αντικανονική κίνηση από τα { $color }, αλλά τα { $winner } δεν μπορούν να κάνουν ματ: ισοπαλία.
draw_before_moves = Ισοπαλία μπορεί να συμφωνηθεί μόνο αφού και οι δύο παίκτες έχουν κάνει τουλάχιστον μία κίνηση (5.2.3).
already_moved = Αυτός ο παίκτης έχει ήδη κάνει κίνηση σε αυτή την παρτίδα: δεν είναι απών.
sealer_present = Ο παίκτης που σφράγισε την κίνηση είναι παρών: ο φάκελος ανοίγει παρουσία και των δύο, δεν σφραγίζεται απάντηση.
reply_already_sealed = Μια απάντηση είναι ήδη σφραγισμένη στον δεύτερο φάκελο.
quickplay_not_in_edition = Αυτό το αίτημα (άρθρο 10.2) υπάρχει μόνο στους κανονισμούς του 2009 και του 2005.
quickplay_not_in_blitz = Σε αυτή την παρτίδα αστραπιαίου σκακιού το αίτημα του άρθρου 10.2 δεν ισχύει.
quickplay_time_left = Ισοπαλία στην ολοκλήρωση γρήγορου παιχνιδιού (άρθρο 10.2) ζητείται μόνο με λιγότερα από δύο λεπτά στο χρονόμετρο, πριν πέσει η σημαία.
early_too_long = Μέχρι το τέλος της συνεδρίας μένει περισσότερος χρόνος από όσο έχει στο ρολόι ο παίκτης που έχει την κίνηση: η παρτίδα δεν μπορεί τώρα να διακοπεί πριν από το τέλος της συνεδρίας.
illegal_move_claim_win = Αντικανονική κίνηση από τα { $color }, με ένσταση από τα { $winner }: κερδίζουν τα { $winner }.
illegal_move_claim_draw = Αντικανονική κίνηση από τα { $color }, με ένσταση από τα { $winner }, που δεν μπορούν να κάνουν ματ: ισοπαλία.
confirm_claim_threefold = Ένσταση για ισοπαλία λόγω τριπλής επανάληψης θέσης μετά την κίνησή σας { $move }; Μετά την ένσταση η κίνηση δεν αλλάζει. Πείτε ναι ή όχι.
confirm_claim_fifty = Ένσταση για ισοπαλία με τον κανόνα των 50 κινήσεων μετά την κίνησή σας { $move }; Μετά την ένσταση η κίνηση δεν αλλάζει. Πείτε ναι ή όχι.
confirm_seal = Να σφραγιστεί η κίνηση { $move }; Μέχρι να πείτε ναι, μπορείτε να την αλλάξετε. Πείτε ναι ή όχι.
envelope_sealer = Σφράγισε: { $sealer }.
envelope_offer = Ισχύει πρόταση ισοπαλίας από τα { $color }.
envelope_sheet = Παρτιδόφυλλο: { $sealer }
arbiter_sealed_unclear = Η σφραγισμένη κίνηση έχει σύμβολο αιχμαλωσίας χωρίς να αιχμαλωτίζεται τίποτα· η σημασία της είναι σαφής: { $detail }. Αποφασίζει ο διαιτητής ({ $laws ->
    [2005] {"A8"}
    [2009] {"Κατευθυντήριες οδηγίες 8"}
   *[other] {"I.8"}
}): { $command } { $detail } την εκτελεί, αλλιώς δίνεται το αποτέλεσμα.
arbiter_reply_sealed = Η απάντηση σφραγίστηκε σε νέο φάκελο ({ $seat })· το ρολόι του απόντα παίκτη που σφράγισε την κίνηση ξεκίνησε ({ $laws ->
    [2005] {"A9"}
    [2009] {"Κατευθυντήριες οδηγίες 9(γ)"}
   *[other] {"I.9.3"}
}). Ο διαιτητής φυλάσσει τον φάκελο και τον ανοίγει όταν έρθει αυτός ο παίκτης.
arbiter_reply_unclear = Η απάντηση του δεύτερου φακέλου δεν μπορεί να γίνει μετά τη σφραγισμένη κίνηση: { $detail }. Αποφασίζει ο διαιτητής· παίζει { $seat }.
arbiter_quickplay_claim = Αίτημα ισοπαλίας στην ολοκλήρωση γρήγορου παιχνιδιού (άρθρο 10.2): { $seat }· τα χρονόμετρα σταμάτησαν. Ο διαιτητής κηρύσσει ισοπαλία, αναβάλλει την απόφασή του (μπορεί να δώσει στον αντίπαλο δύο επιπλέον λεπτά) ή απορρίπτει το αίτημα.
arbiter_envelope_lost = Ο φάκελος χάθηκε ({ $laws ->
    [2005] {"A11"}
    [2009] {"Κατευθυντήριες οδηγίες 11(α)"}
   *[other] {"I.12.1"}
}): η παρτίδα συνεχίζεται από τη θέση και με τους χρόνους της διακοπής· ο παίκτης που σφράγισε την κίνηση τη δηλώνει και την κάνει ({ $seat }).

## Refusals of a move heard or typed (notation): { $piece }, { $square } … are worded by hector.

notation-unknown_word = Άγνωστη λέξη: «{ $word }».
notation-no_move = Καμία κίνηση: { $piece } στο { $square }.
notation-no_move_from = Καμία κίνηση: { $piece } από { $from } στο { $square }.
notation-nothing_on = Στο { $square } δεν υπάρχει { $piece } της πλευράς που παίζει.
notation-no_capture = Στο { $square } δεν υπάρχει τίποτα να παρθεί.
notation-castling_impossible = Το { $move } δεν είναι δυνατό τώρα.
notation-ambiguous = Δυνατότητες: { $n }. { $list }.
notation-not_understood = Δεν έγινε κατανοητό: «{ $word }».

## Sentences of the game outside the session: enrolment, the terminal, results.

game-enrol_intro = Προσαρμογή στη φωνή σας: παρακαλώ επαναλάβετε καθεμία από τις { $count } γραμμές μόλις διαβαστεί.
game-enrol_line = { $n } από { $count }: { $text }
game-enrol_not_heard = Δεν ακούστηκε τίποτα. Άλλη μία φορά: { $text }
game-enrol_silent = Στην ηχογράφηση της γραμμής { $n } ({ $text }) δεν ακούγεται ομιλία: ηχογραφήστε την ξανά.
game-enrol_missing = Λείπει το { $file }: εκεί πρέπει να είναι η ηχογράφηση της γραμμής { $n } ({ $text }).
game-line_too_long = Αυτή η γραμμή είναι μεγαλύτερη από { $max } byte και αγνοήθηκε.
game-to_move = Παίζουν τα { $color }.
game-moved = { $color }: { $move }.
game-checkmate = Ματ. Κερδίζουν τα { $color }.
game-resigned = Τα { $color } εγκαταλείπουν. Κερδίζουν τα { $winner }.
game-draw_offered = Τα { $color } προτείνουν ισοπαλία.
game-flag_win = Τα { $color } υπερέβησαν τον χρόνο. Κερδίζουν τα { $winner }.
game-flag_draw = Τα { $color } υπερέβησαν τον χρόνο, αλλά τα { $winner } δεν μπορούν να κάνουν ματ: ισοπαλία.
game-illegal_move = Αντικανονική κίνηση από τα { $color }. Επαναφέρεται η θέση πριν από αυτήν· τα { $winner } παίρνουν δύο λεπτά.
game-illegal_move_loses = Δεύτερη αντικανονική κίνηση από τα { $color }. Κερδίζουν τα { $winner }.
game-illegal_move_draw = Δεύτερη αντικανονική κίνηση από τα { $color }, αλλά τα { $winner } δεν μπορούν να κάνουν ματ: ισοπαλία.
game-pieces_on = { $piece }: { $list }.
game-file_missing = Δεν υπάρχει αρχείο { $file }.
game-file_denied = Το hector δεν επιτρέπεται να διαβάσει το { $file } (δεν υπάρχει άδεια).
game-file_folder = Το { $file } είναι φάκελος, όχι αρχείο.
game-file_not_text = Το { $file } δεν είναι αρχείο κειμένου (δεν είναι UTF-8).
game-file_unreadable = Το { $file } δεν μπορεί να διαβαστεί: { $why }.
game-file_too_large = Το { $file } είναι πολύ μεγάλο για αρχείο παρτίδας ή σύγκρισης.
game-file_no_game = Δεν βρέθηκε παρτίδα στο { $file }.
game-stdin_unreadable = Η τυπική είσοδος δεν μπορεί να διαβαστεί: { $why }.
game-stdin_too_large = Η τυπική είσοδος είναι πολύ μεγάλη για αρχείο σύγκρισης.
game-stdin_not_text = Η τυπική είσοδος δεν είναι κείμενο (δεν είναι UTF-8).
game-pgn_illegal = { $file }: η κίνηση { $move } δεν είναι νόμιμη στη θέση της (ημικίνηση { $ply }).
game-pgn_after_end = { $file }: η κίνηση { $move } έρχεται μετά το τέλος της παρτίδας.
game-pgn_unreadable = { $file }: το κείμενο δεν είναι PGN που μπορεί να διαβάσει το hector ({ $why }).

## Putting a board right (D.2.9): { $piece } is already the object of the sentence.

boards-fixes-remove = Αφαίρεσε { $piece } από το { $square }.
boards-fixes-put = Βάλε { $piece } στο { $square }.
boards-fixes-move = Μετακίνησε { $piece } από το { $from } στο { $to }.
boards-fixes-make_move = Κάνε την κίνηση { $move }.
boards-fixes-board = Σκακιέρα { $player }: { $fixes }

## The boards and scoresheets compared (D.2.9).

boards-report-correct_board = Τα φύλλα σημειώσεων συμφωνούν. Διορθώνεται η σκακιέρα { $boards }.
boards-report-retrace = Τα φύλλα σημειώσεων διαφέρουν. Οι κινήσεις αναιρούνται ως το τελευταίο σημείο συμφωνίας, μετά από { $plies ->
        [one] μία ημικίνηση
       *[other] { $plies } ημικινήσεις
    }· αυτή η θέση στήνεται και στις δύο σκακιέρες.
boards-report-clock = Οι χρόνοι του ρολογιού τότε, προς επιβεβαίωση από τον διαιτητή: Λευκά { $white }, Μαύρα { $black }.
boards-report-unreadable = Φύλλο σημειώσεων { $side }, ημικίνηση { $ply }: «{ $text }» δεν είναι νόμιμη κίνηση.

## Adjournment (Guidelines I).

boards-adjourn-sealed = { $player }: η σφραγισμένη κίνηση αριθμός { $number } καταγράφηκε. Το ρολόι σταμάτησε.
boards-adjourn-early = Διακοπή πριν από το τέλος της συνεδρίας. Αφαίρεση από το ρολόι του παίκτη { $player }: { $time }.
boards-adjourn-envelope = Φάκελος: { $white } εναντίον { $black }· σφράγισε { $sealer } την κίνηση αριθμός { $number }· χρόνος που αναλώθηκε: Λευκά { $white_used }, Μαύρα { $black_used }· συνέχιση { $when }, { $place }.
boards-adjourn-not_present = Ο φάκελος ανοίγει μόνο παρουσία του παίκτη { $player }.
boards-adjourn-opened = Ο φάκελος άνοιξε. Η σφραγισμένη κίνηση είναι { $move }.
boards-adjourn-sealed_move_loses = Η σφραγισμένη κίνηση «{ $move }» δεν μπορεί να παιχτεί: { $player } χάνει.
boards-adjourn-resumed = Η παρτίδα συνεχίζεται: Λευκά { $white }, Μαύρα { $black }.
boards-adjourn-ended_resigned = { $player } εγκατέλειψε πριν από τη συνέχιση. Κερδίζει { $winner }.

## The voice front end's read-back protocol (D.2.1–D.2.8): { $move } is
## spoken, { $words } the number of choices as a word.

say-read_back = { $move };
say-announce = { $move }.
say-choice = { $count ->
        [1] Μία δυνατότητα
        [3] Τρεις δυνατότητες
        [4] Τέσσερις δυνατότητες
       *[other] { $words } δυνατότητες
    }: { $list }.
say-choice_item = { $number }, { $move }
say-promotion = { $move }: ποιο κομμάτι; { $pieces };
say-not_legal = { $heard }: δεν είναι επιτρεπτή κίνηση εδώ.
say-stands = Η κίνηση { $move } ανακοινώθηκε και ισχύει.
say-out_of_range = Παρακαλώ πείτε έναν αριθμό από ένα έως { $max }.

## Το ημερολόγιο του hector serve απορρίπτεται (αρχείο, τι φταίει, η τελευταία ακέραιη κίνηση).

journal_locked = Το ημερολόγιο { $file } χρησιμοποιείται από άλλο hector serve· σταματήστε πρώτα εκείνο ή δώστε σε αυτή τη σκακιέρα δικό της ημερολόγιο.
journal_foreign = Το αρχείο { $file } δεν είναι ημερολόγιο του hector.
journal_unusable = Το ημερολόγιο { $file } δεν μπορεί να χρησιμοποιηθεί: { $detail }.
journal_side_file = Το ημερολόγιο { $file } δεν περιέχει παρτίδα: αν αντιγράφηκε ή μετακινήθηκε, το βοηθητικό του αρχείο { $wal } έμεινε πίσω. Για νέα παρτίδα δώστε νέα διαδρομή ημερολογίου.
journal_damaged = Το ημερολόγιο { $file } είναι κατεστραμμένο: { $reason ->
    [empty] είναι άδειο (0 byte)
    [truncated] έχει κοπεί (υπάρχουν μόνο { $size } από τα { $expected } byte του)
    [unreadable] η SQLite δεν μπορεί να το διαβάσει ({ $detail }· αν αντιγράφηκε ή μετακινήθηκε, ίσως έμεινε πίσω το βοηθητικό του αρχείο)
    [no_config] λείπουν οι ρυθμίσεις της παρτίδας (η γραμμή config), αν και περιέχει { $commands } εντολές
    [settings] οι ρυθμίσεις, τα ονόματα ή τα κλειδιά θέσεων της παρτίδας άλλαξαν μετά την εγγραφή τους
    [missing] λείπει η γραμμή { $row } (η επόμενη είναι η { $next })
    [order] η γραμμή { $row } εμφανίζεται δύο φορές ή σε λάθος σειρά
    [time] ο χρόνος της γραμμής { $row } είναι αδύνατος
    [content] η γραμμή { $row } δεν διαβάζεται
    [changed] η γραμμή { $row } άλλαξε μετά την εγγραφή της (το άθροισμα ελέγχου δεν ταιριάζει)
    [tail] οι γραμμές του τελειώνουν στη { $row }, αλλά γράφτηκε έως τη γραμμή { $upto }
   *[other] δεν διαβάζεται
}. { $move ->
    [none] Καμία κίνηση της παρτίδας δεν είναι ακέραιη σε αυτό.
   *[other] Η τελευταία ακέραιη κίνηση είναι { $move }.
} Το hector ούτε το αναπαράγει ούτε ξεκινά νέα παρτίδα σε αυτό: επαναφέρετε ένα καλό αντίγραφο του αρχείου ή δώστε νέα διαδρομή ημερολογίου για άλλη παρτίδα.

## Οι επιλογές της γραμμής εντολών: τι ήταν λάθος, στη γλώσσα της παρτίδας.

game-option_unknown = Το { $command } δεν έχει την επιλογή { $option }. Όλες τις επιλογές τις δείχνει το { $command } --help.
game-option_missing = Η { $option } χρειάζεται τιμή. Ποια, το λέει το { $command } --help.
game-option_invalid = Η { $option } δεν δέχεται «{ $value }». Τι δέχεται, το λέει το { $command } --help.
game-option_usage = Αυτές οι επιλογές δεν ταιριάζουν μαζί: { $option }. Πώς γράφονται, το δείχνει το { $command } --help.
game-command_unknown = Το hector δεν έχει εντολή «{ $word }». Όλες τις εντολές τις δείχνει το hector --help.
game-option_choice = Η { $option } δέχεται { $choices }, όχι «{ $value }».
game-option_time = { $option } «{ $value }»: δώστε χρόνο, για παράδειγμα { $example }.
game-option_seat_locale = --seat-locale «{ $value }»: δώστε θέση και γλώσσα, για παράδειγμα { $example } (θέσεις: { $choices }).
game-option_seal_key = Η --seal-key δέχεται δεκαεξαδικά ψηφία, το πολύ 128.
game-option_text = Η { $option } δέχεται μία γραμμή κειμένου: το πολύ 200 χαρακτήρες, χωρίς εισαγωγικά και αγκύλες.
game-option_default_time = Η --default-time δέχεται λεπτά, το πολύ 1440 (μία ημέρα).
game-option_no_draw_before = Η --no-draw-before δέχεται αριθμό κίνησης από 1 έως 1000.
game-option_locale = Το «{ $value }» δεν είναι γλώσσα του hector: δώστε μία από { $choices }.
game-option_control = Το «{ $value }» δεν είναι ρυθμός παιχνιδιού που μπορεί να τηρήσει το hector: δώστε έναν έτοιμο ρυθμό ή ρυθμό σε γραφή PGN, για παράδειγμα { $example }.
game-option_fen = Το --fen «{ $value }» δεν είναι θέση που μπορεί να παιχτεί.
game-option_moves = --moves: η κίνηση { $n } («{ $move }») δεν μπορεί να παιχτεί εκεί.
game-option_moves_why = --moves: η κίνηση { $n } («{ $move }»): { $why }
game-option_not_text = Μια λέξη της γραμμής εντολών δεν είναι κείμενο UTF-8: το { $command } δέχεται μόνο κείμενο.

## hector listen: τι ακούστηκε σε μια ηχογράφηση όταν δεν ήταν κίνηση.

listen-none = Δεν ακούστηκε επιτρεπτή κίνηση: { $reason }.
listen-unsure = δεν είναι βέβαιο τι ειπώθηκε (πιθανότερα «{ $heard }»)· παρακαλώ επαναλάβετε
listen-nothing_understood = τίποτα δεν έγινε κατανοητό ως κίνηση ή εντολή
listen-nothing_heard = δεν ακούστηκε τίποτα
listen-wav_missing = Το { $file } δεν υπάρχει.
listen-wav_open = Το { $file } δεν μπορεί να ανοιχτεί.
listen-wav_not = Το { $file } δεν είναι ηχογράφηση WAV που μπορεί να διαβάσει το hector.
listen-wav_rate = Το { $file } είναι ηχογραφημένο στα { $rate } Hz· το hector διαβάζει ηχογραφήσεις από { $low } έως { $high } Hz.
listen-wav_cut = Το { $file } είναι κομμένο: η ηχογράφηση σταματά στη μέση των δεδομένων της.
listen-wav_long = Το { $file } διαρκεί πάνω από { $longest } δευτερόλεπτα· το hector ακούει μία κίνηση ή μία εντολή τη φορά: ηχογραφήστε την καθεμία χωριστά.
