(module
 (type $0 (func (param i32 i32 i32 i32 i32)))
 (type $1 (func (param i32 i32 i32 i32 i32 i32 i32) (result i32)))
 (import "env" "memory" (memory $mimport$0 1 65536 shared))
 (export "gather1" (func $0))
 (export "finish1" (func $1))
 (export "gather2" (func $2))
 (export "finish2" (func $3))
 (func $0 (type $0) (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  (local.set $5
   (i32.load
    (i32.const 48)
   )
  )
  (local.set $6
   (i32.load
    (i32.const 52)
   )
  )
  (memory.fill
   (local.get $4)
   (i32.const 0)
   (i32.mul
    (i32.sub
     (local.get $1)
     (local.get $0)
    )
    (local.get $3)
   )
  )
  (local.set $7
   (i32.const 0)
  )
  (block $block
   (loop $label4
    (br_if $block
     (i32.eqz
      (i32.lt_u
       (local.tee $8
        (i32.load
         (i32.add
          (local.get $5)
          (i32.shl
           (local.get $7)
           (i32.const 2)
          )
         )
        )
       )
       (local.get $1)
      )
     )
    )
    (if
     (i32.eqz
      (i32.and
       (local.get $7)
       (i32.const 7)
      )
     )
     (then
      (local.set $14
       (i32.add
        (local.get $7)
        (i32.const 8)
       )
      )
      (local.set $15
       (i32.add
        (local.get $14)
        (i32.const 8)
       )
      )
      (block $block1
       (loop $label1
        (br_if $block1
         (i32.eqz
          (i32.and
           (i32.lt_u
            (local.get $14)
            (local.get $15)
           )
           (i32.lt_u
            (local.tee $16
             (i32.load
              (i32.add
               (local.get $5)
               (i32.shl
                (local.get $14)
                (i32.const 2)
               )
              )
             )
            )
            (local.get $1)
           )
          )
         )
        )
        (local.set $9
         (select
          (local.get $0)
          (local.get $16)
          (i32.gt_u
           (local.get $0)
           (local.get $16)
          )
         )
        )
        (local.set $10
         (i32.add
          (local.get $2)
          (local.get $16)
         )
        )
        (local.set $10
         (select
          (local.get $10)
          (local.get $1)
          (i32.lt_u
           (local.get $10)
           (local.get $1)
          )
         )
        )
        (if
         (i32.lt_u
          (local.get $9)
          (local.get $10)
         )
         (then
          (local.set $11
           (i32.add
            (local.get $6)
            (i32.sub
             (local.get $9)
             (local.get $16)
            )
           )
          )
          (local.set $12
           (i32.add
            (local.get $6)
            (i32.sub
             (local.get $10)
             (local.get $16)
            )
           )
          )
          (block $block2
           (loop $label
            (br_if $block2
             (i32.eqz
              (i32.lt_u
               (local.get $11)
               (local.get $12)
              )
             )
            )
            (drop
             (i32.load8_u
              (local.get $11)
             )
            )
            (local.set $11
             (i32.add
              (local.get $11)
              (i32.const 64)
             )
            )
            (br $label)
           )
          )
         )
        )
        (local.set $14
         (i32.add
          (local.get $14)
          (i32.const 1)
         )
        )
        (br $label1)
       )
      )
     )
    )
    (local.set $9
     (select
      (local.get $0)
      (local.get $8)
      (i32.gt_u
       (local.get $0)
       (local.get $8)
      )
     )
    )
    (local.set $10
     (i32.add
      (local.get $2)
      (local.get $8)
     )
    )
    (local.set $10
     (select
      (local.get $10)
      (local.get $1)
      (i32.lt_u
       (local.get $10)
       (local.get $1)
      )
     )
    )
    (if
     (i32.lt_u
      (local.get $9)
      (local.get $10)
     )
     (then
      (local.set $11
       (i32.add
        (local.get $6)
        (i32.sub
         (local.get $9)
         (local.get $8)
        )
       )
      )
      (local.set $12
       (i32.add
        (local.get $6)
        (i32.sub
         (local.get $10)
         (local.get $8)
        )
       )
      )
      (local.set $13
       (i32.add
        (local.get $4)
        (i32.mul
         (i32.sub
          (local.get $9)
          (local.get $0)
         )
         (local.get $3)
        )
       )
      )
      (block $block3
       (loop $label2
        (br_if $block3
         (i32.eqz
          (i32.le_u
           (i32.add
            (local.get $11)
            (i32.const 4)
           )
           (local.get $12)
          )
         )
        )
        (i32.store8
         (i32.add
          (local.get $13)
          (i32.load8_u
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (i32.store8
         (i32.add
          (i32.add
           (local.get $13)
           (local.get $3)
          )
          (i32.load8_u offset=1
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (i32.store8
         (i32.add
          (i32.add
           (local.get $13)
           (i32.shl
            (local.get $3)
            (i32.const 1)
           )
          )
          (i32.load8_u offset=2
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (i32.store8
         (i32.add
          (i32.add
           (local.get $13)
           (i32.mul
            (local.get $3)
            (i32.const 3)
           )
          )
          (i32.load8_u offset=3
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (local.set $13
         (i32.add
          (local.get $13)
          (i32.shl
           (local.get $3)
           (i32.const 2)
          )
         )
        )
        (local.set $11
         (i32.add
          (local.get $11)
          (i32.const 4)
         )
        )
        (br $label2)
       )
      )
      (block $block4
       (loop $label3
        (br_if $block4
         (i32.eqz
          (i32.lt_u
           (local.get $11)
           (local.get $12)
          )
         )
        )
        (i32.store8
         (i32.add
          (local.get $13)
          (i32.load8_u
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (local.set $13
         (i32.add
          (local.get $13)
          (local.get $3)
         )
        )
        (local.set $11
         (i32.add
          (local.get $11)
          (i32.const 1)
         )
        )
        (br $label3)
       )
      )
     )
    )
    (local.set $7
     (i32.add
      (local.get $7)
      (i32.const 1)
     )
    )
    (br $label4)
   )
  )
 )
 (func $1 (type $1) (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (param $6 i32) (result i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  (local $17 i32)
  (local.set $7
   (i32.load
    (i32.const 48)
   )
  )
  (local.set $8
   (i32.load
    (i32.const 52)
   )
  )
  (local.set $17
   (i32.add
    (local.get $5)
    (i32.const 64)
   )
  )
  (local.set $15
   (i32.const 0)
  )
  (local.set $11
   (local.get $0)
  )
  (block $block
   (loop $label5
    (br_if $block
     (i32.eqz
      (i32.lt_u
       (local.get $11)
       (local.get $1)
      )
     )
    )
    (local.set $12
     (i32.add
      (local.get $4)
      (i32.mul
       (i32.sub
        (local.get $11)
        (local.get $0)
       )
       (local.get $3)
      )
     )
    )
    (local.set $14
     (i32.const 0)
    )
    (local.set $9
     (i32.const 0)
    )
    (block $block1
     (loop $label
      (br_if $block1
       (i32.eqz
        (i32.le_u
         (local.tee $10
          (i32.load
           (i32.add
            (local.get $7)
            (i32.shl
             (local.get $9)
             (i32.const 2)
            )
           )
          )
         )
         (i32.sub
          (local.get $11)
          (local.get $2)
         )
        )
       )
      )
      (local.set $13
       (i32.load8_u
        (i32.add
         (local.get $8)
         (i32.sub
          (local.get $11)
          (local.get $10)
         )
        )
       )
      )
      (if
       (i32.ge_u
        (local.get $13)
        (i32.sub
         (local.get $3)
         (i32.const 1)
        )
       )
       (then
        (local.set $14
         (i32.const 1)
        )
       )
       (else
        (i32.store8
         (i32.add
          (local.get $12)
          (local.get $13)
         )
         (i32.const 1)
        )
       )
      )
      (local.set $9
       (i32.add
        (local.get $9)
        (i32.const 1)
       )
      )
      (br $label)
     )
    )
    (local.set $13
     (i32.const 0)
    )
    (block $block2
     (loop $label1
      (br_if $block2
       (i32.eqz
        (i32.eqz
         (i64.ne
          (i64.load
           (i32.add
            (local.get $12)
            (local.get $13)
           )
          )
          (i64.const 72340172838076673)
         )
        )
       )
      )
      (local.set $13
       (i32.add
        (local.get $13)
        (i32.const 8)
       )
      )
      (br $label1)
     )
    )
    (block $block3
     (loop $label2
      (br_if $block3
       (i32.eqz
        (i32.ne
         (i32.load8_u
          (i32.add
           (local.get $12)
           (local.get $13)
          )
         )
         (i32.const 0)
        )
       )
      )
      (local.set $13
       (i32.add
        (local.get $13)
        (i32.const 1)
       )
      )
      (br $label2)
     )
    )
    (if
     (local.get $14)
     (then
      (local.set $16
       (i32.add
        (i32.load
         (local.get $5)
        )
        (i32.const 1)
       )
      )
      (i32.store
       (local.get $5)
       (local.get $16)
      )
      (local.set $9
       (i32.const 0)
      )
      (block $block4
       (loop $label3
        (br_if $block4
         (i32.eqz
          (i32.le_u
           (local.tee $10
            (i32.load
             (i32.add
              (local.get $7)
              (i32.shl
               (local.get $9)
               (i32.const 2)
              )
             )
            )
           )
           (local.get $11)
          )
         )
        )
        (i32.store
         (i32.add
          (local.get $17)
          (i32.shl
           (i32.load8_u
            (i32.add
             (local.get $8)
             (i32.sub
              (local.get $11)
              (local.get $10)
             )
            )
           )
           (i32.const 2)
          )
         )
         (local.get $16)
        )
        (local.set $9
         (i32.add
          (local.get $9)
          (i32.const 1)
         )
        )
        (br $label3)
       )
      )
      (local.set $13
       (i32.const 0)
      )
      (block $block5
       (loop $label4
        (br_if $block5
         (i32.eqz
          (i32.eq
           (i32.load
            (i32.add
             (local.get $17)
             (i32.shl
              (local.get $13)
              (i32.const 2)
             )
            )
           )
           (local.get $16)
          )
         )
        )
        (local.set $13
         (i32.add
          (local.get $13)
          (i32.const 1)
         )
        )
        (br $label4)
       )
      )
     )
    )
    (if
     (i32.ge_u
      (local.get $13)
      (i32.sub
       (local.get $6)
       (i32.const 1)
      )
     )
     (then
      (i32.store offset=4
       (local.get $5)
       (local.get $13)
      )
      (return
       (i32.sub
        (i32.const -1)
        (i32.sub
         (local.get $11)
         (local.get $0)
        )
       )
      )
     )
    )
    (i32.store8
     (i32.add
      (local.get $8)
      (local.get $11)
     )
     (local.get $13)
    )
    (if
     (i32.gt_u
      (local.get $13)
      (local.get $15)
     )
     (then
      (local.set $15
       (local.get $13)
      )
     )
    )
    (local.set $11
     (i32.add
      (local.get $11)
      (i32.const 1)
     )
    )
    (br $label5)
   )
  )
  (local.get $15)
 )
 (func $2 (type $0) (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  (local.set $5
   (i32.load
    (i32.const 48)
   )
  )
  (local.set $6
   (i32.load
    (i32.const 52)
   )
  )
  (memory.fill
   (local.get $4)
   (i32.const 0)
   (i32.mul
    (i32.sub
     (local.get $1)
     (local.get $0)
    )
    (local.get $3)
   )
  )
  (local.set $7
   (i32.const 0)
  )
  (block $block
   (loop $label4
    (br_if $block
     (i32.eqz
      (i32.lt_u
       (local.tee $8
        (i32.load
         (i32.add
          (local.get $5)
          (i32.shl
           (local.get $7)
           (i32.const 2)
          )
         )
        )
       )
       (local.get $1)
      )
     )
    )
    (if
     (i32.eqz
      (i32.and
       (local.get $7)
       (i32.const 7)
      )
     )
     (then
      (local.set $14
       (i32.add
        (local.get $7)
        (i32.const 8)
       )
      )
      (local.set $15
       (i32.add
        (local.get $14)
        (i32.const 8)
       )
      )
      (block $block1
       (loop $label1
        (br_if $block1
         (i32.eqz
          (i32.and
           (i32.lt_u
            (local.get $14)
            (local.get $15)
           )
           (i32.lt_u
            (local.tee $16
             (i32.load
              (i32.add
               (local.get $5)
               (i32.shl
                (local.get $14)
                (i32.const 2)
               )
              )
             )
            )
            (local.get $1)
           )
          )
         )
        )
        (local.set $9
         (select
          (local.get $0)
          (local.get $16)
          (i32.gt_u
           (local.get $0)
           (local.get $16)
          )
         )
        )
        (local.set $10
         (i32.add
          (local.get $2)
          (local.get $16)
         )
        )
        (local.set $10
         (select
          (local.get $10)
          (local.get $1)
          (i32.lt_u
           (local.get $10)
           (local.get $1)
          )
         )
        )
        (if
         (i32.lt_u
          (local.get $9)
          (local.get $10)
         )
         (then
          (local.set $11
           (i32.add
            (local.get $6)
            (i32.shl
             (i32.sub
              (local.get $9)
              (local.get $16)
             )
             (i32.const 1)
            )
           )
          )
          (local.set $12
           (i32.add
            (local.get $6)
            (i32.shl
             (i32.sub
              (local.get $10)
              (local.get $16)
             )
             (i32.const 1)
            )
           )
          )
          (block $block2
           (loop $label
            (br_if $block2
             (i32.eqz
              (i32.lt_u
               (local.get $11)
               (local.get $12)
              )
             )
            )
            (drop
             (i32.load8_u
              (local.get $11)
             )
            )
            (local.set $11
             (i32.add
              (local.get $11)
              (i32.const 64)
             )
            )
            (br $label)
           )
          )
         )
        )
        (local.set $14
         (i32.add
          (local.get $14)
          (i32.const 1)
         )
        )
        (br $label1)
       )
      )
     )
    )
    (local.set $9
     (select
      (local.get $0)
      (local.get $8)
      (i32.gt_u
       (local.get $0)
       (local.get $8)
      )
     )
    )
    (local.set $10
     (i32.add
      (local.get $2)
      (local.get $8)
     )
    )
    (local.set $10
     (select
      (local.get $10)
      (local.get $1)
      (i32.lt_u
       (local.get $10)
       (local.get $1)
      )
     )
    )
    (if
     (i32.lt_u
      (local.get $9)
      (local.get $10)
     )
     (then
      (local.set $11
       (i32.add
        (local.get $6)
        (i32.shl
         (i32.sub
          (local.get $9)
          (local.get $8)
         )
         (i32.const 1)
        )
       )
      )
      (local.set $12
       (i32.add
        (local.get $6)
        (i32.shl
         (i32.sub
          (local.get $10)
          (local.get $8)
         )
         (i32.const 1)
        )
       )
      )
      (local.set $13
       (i32.add
        (local.get $4)
        (i32.mul
         (i32.sub
          (local.get $9)
          (local.get $0)
         )
         (local.get $3)
        )
       )
      )
      (block $block3
       (loop $label2
        (br_if $block3
         (i32.eqz
          (i32.le_u
           (i32.add
            (local.get $11)
            (i32.const 8)
           )
           (local.get $12)
          )
         )
        )
        (i32.store8
         (i32.add
          (local.get $13)
          (i32.load16_u
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (i32.store8
         (i32.add
          (i32.add
           (local.get $13)
           (local.get $3)
          )
          (i32.load16_u offset=2
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (i32.store8
         (i32.add
          (i32.add
           (local.get $13)
           (i32.shl
            (local.get $3)
            (i32.const 1)
           )
          )
          (i32.load16_u offset=4
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (i32.store8
         (i32.add
          (i32.add
           (local.get $13)
           (i32.mul
            (local.get $3)
            (i32.const 3)
           )
          )
          (i32.load16_u offset=6
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (local.set $13
         (i32.add
          (local.get $13)
          (i32.shl
           (local.get $3)
           (i32.const 2)
          )
         )
        )
        (local.set $11
         (i32.add
          (local.get $11)
          (i32.const 8)
         )
        )
        (br $label2)
       )
      )
      (block $block4
       (loop $label3
        (br_if $block4
         (i32.eqz
          (i32.lt_u
           (local.get $11)
           (local.get $12)
          )
         )
        )
        (i32.store8
         (i32.add
          (local.get $13)
          (i32.load16_u
           (local.get $11)
          )
         )
         (i32.const 1)
        )
        (local.set $13
         (i32.add
          (local.get $13)
          (local.get $3)
         )
        )
        (local.set $11
         (i32.add
          (local.get $11)
          (i32.const 2)
         )
        )
        (br $label3)
       )
      )
     )
    )
    (local.set $7
     (i32.add
      (local.get $7)
      (i32.const 1)
     )
    )
    (br $label4)
   )
  )
 )
 (func $3 (type $1) (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (param $6 i32) (result i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  (local $17 i32)
  (local.set $7
   (i32.load
    (i32.const 48)
   )
  )
  (local.set $8
   (i32.load
    (i32.const 52)
   )
  )
  (local.set $17
   (i32.add
    (local.get $5)
    (i32.const 64)
   )
  )
  (local.set $15
   (i32.const 0)
  )
  (local.set $11
   (local.get $0)
  )
  (block $block
   (loop $label5
    (br_if $block
     (i32.eqz
      (i32.lt_u
       (local.get $11)
       (local.get $1)
      )
     )
    )
    (local.set $12
     (i32.add
      (local.get $4)
      (i32.mul
       (i32.sub
        (local.get $11)
        (local.get $0)
       )
       (local.get $3)
      )
     )
    )
    (local.set $14
     (i32.const 0)
    )
    (local.set $9
     (i32.const 0)
    )
    (block $block1
     (loop $label
      (br_if $block1
       (i32.eqz
        (i32.le_u
         (local.tee $10
          (i32.load
           (i32.add
            (local.get $7)
            (i32.shl
             (local.get $9)
             (i32.const 2)
            )
           )
          )
         )
         (i32.sub
          (local.get $11)
          (local.get $2)
         )
        )
       )
      )
      (local.set $13
       (i32.load16_u
        (i32.add
         (local.get $8)
         (i32.shl
          (i32.sub
           (local.get $11)
           (local.get $10)
          )
          (i32.const 1)
         )
        )
       )
      )
      (if
       (i32.ge_u
        (local.get $13)
        (i32.sub
         (local.get $3)
         (i32.const 1)
        )
       )
       (then
        (local.set $14
         (i32.const 1)
        )
       )
       (else
        (i32.store8
         (i32.add
          (local.get $12)
          (local.get $13)
         )
         (i32.const 1)
        )
       )
      )
      (local.set $9
       (i32.add
        (local.get $9)
        (i32.const 1)
       )
      )
      (br $label)
     )
    )
    (local.set $13
     (i32.const 0)
    )
    (block $block2
     (loop $label1
      (br_if $block2
       (i32.eqz
        (i32.eqz
         (i64.ne
          (i64.load
           (i32.add
            (local.get $12)
            (local.get $13)
           )
          )
          (i64.const 72340172838076673)
         )
        )
       )
      )
      (local.set $13
       (i32.add
        (local.get $13)
        (i32.const 8)
       )
      )
      (br $label1)
     )
    )
    (block $block3
     (loop $label2
      (br_if $block3
       (i32.eqz
        (i32.ne
         (i32.load8_u
          (i32.add
           (local.get $12)
           (local.get $13)
          )
         )
         (i32.const 0)
        )
       )
      )
      (local.set $13
       (i32.add
        (local.get $13)
        (i32.const 1)
       )
      )
      (br $label2)
     )
    )
    (if
     (local.get $14)
     (then
      (local.set $16
       (i32.add
        (i32.load
         (local.get $5)
        )
        (i32.const 1)
       )
      )
      (i32.store
       (local.get $5)
       (local.get $16)
      )
      (local.set $9
       (i32.const 0)
      )
      (block $block4
       (loop $label3
        (br_if $block4
         (i32.eqz
          (i32.le_u
           (local.tee $10
            (i32.load
             (i32.add
              (local.get $7)
              (i32.shl
               (local.get $9)
               (i32.const 2)
              )
             )
            )
           )
           (local.get $11)
          )
         )
        )
        (i32.store
         (i32.add
          (local.get $17)
          (i32.shl
           (i32.load16_u
            (i32.add
             (local.get $8)
             (i32.shl
              (i32.sub
               (local.get $11)
               (local.get $10)
              )
              (i32.const 1)
             )
            )
           )
           (i32.const 2)
          )
         )
         (local.get $16)
        )
        (local.set $9
         (i32.add
          (local.get $9)
          (i32.const 1)
         )
        )
        (br $label3)
       )
      )
      (local.set $13
       (i32.const 0)
      )
      (block $block5
       (loop $label4
        (br_if $block5
         (i32.eqz
          (i32.eq
           (i32.load
            (i32.add
             (local.get $17)
             (i32.shl
              (local.get $13)
              (i32.const 2)
             )
            )
           )
           (local.get $16)
          )
         )
        )
        (local.set $13
         (i32.add
          (local.get $13)
          (i32.const 1)
         )
        )
        (br $label4)
       )
      )
     )
    )
    (if
     (i32.ge_u
      (local.get $13)
      (i32.sub
       (local.get $6)
       (i32.const 1)
      )
     )
     (then
      (i32.store offset=4
       (local.get $5)
       (local.get $13)
      )
      (return
       (i32.sub
        (i32.const -1)
        (i32.sub
         (local.get $11)
         (local.get $0)
        )
       )
      )
     )
    )
    (i32.store16
     (i32.add
      (local.get $8)
      (i32.shl
       (local.get $11)
       (i32.const 1)
      )
     )
     (local.get $13)
    )
    (if
     (i32.gt_u
      (local.get $13)
      (local.get $15)
     )
     (then
      (local.set $15
       (local.get $13)
      )
     )
    )
    (local.set $11
     (i32.add
      (local.get $11)
      (i32.const 1)
     )
    )
    (br $label5)
   )
  )
  (local.get $15)
 )
)
