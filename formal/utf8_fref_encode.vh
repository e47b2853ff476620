// Reference UTF-8 encoding for the formal harnesses that compare re-encoded
// units with a block's output bytes (utf8_unit_utf8_formal.sv,
// utf8_sanitizer_formal.sv), written from SPEC §2's lead and continuation
// bytes and not from the RTL's encode(): byte i (0 first) of a unit of n bytes
// with code point cp and class cls, EF BF BD for an error unit. Included inside
// a module, after utf8_class_codes.vh (CLS_OK).
function [7:0] fref_unit_byte;
    input [31:0] cp;
    input [2:0]  n;
    input [2:0]  cls;
    input [2:0]  i;
    reg   [31:0] v;
    begin
        if (cls != CLS_OK) begin
            fref_unit_byte = (i == 3'd0) ? 8'hEF : (i == 3'd1) ? 8'hBF : 8'hBD;
        end else if (n == 3'd1) begin
            fref_unit_byte = {1'b0, cp[6:0]};
        end else begin
            v = cp >> (6 * (n - 1 - i));
            if (i == 3'd0)
                fref_unit_byte = (8'hFF << (8 - n)) | (v[7:0] & (8'hFF >> (n + 1)));
            else
                fref_unit_byte = {2'b10, v[5:0]};
        end
    end
endfunction
